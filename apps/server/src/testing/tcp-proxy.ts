import { connect, createServer, type Server, type Socket } from "node:net";

/**
 * A TCP proxy in front of a server (PostgreSQL in the outage tests) that can freeze, like a stopped
 * process: connections stay open but nothing more goes through; or go away, like a stopped server:
 * every connection is cut and new ones are refused.
 */
export interface TcpProxy {
  port: number;
  /** Nothing goes through any more, in either direction; new connections are accepted and held. */
  freeze(): void;
  thaw(): void;
  /** Cuts every connection and stops listening: connections are refused. */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let frozen = false;
  const held: Socket[] = [];

  const pipe = (client: Socket) => {
    const upstream = connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => {});
    }
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
    for (const socket of [client, upstream]) {
      if (frozen) socket.pause();
      else socket.resume();
    }
  };

  let server: Server = createServer();
  const onConnection = (client: Socket) => {
    if (frozen) {
      sockets.add(client);
      client.on("error", () => {});
      client.on("close", () => sockets.delete(client));
      client.pause();
      held.push(client);
    } else pipe(client);
  };
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server = createServer(onConnection);
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        const address = server.address();
        resolve(typeof address === "object" && address ? address.port : 0);
      });
    });
  const port = await listen(0);

  return {
    port,
    freeze: () => {
      frozen = true;
      for (const socket of sockets) socket.pause();
    },
    thaw: () => {
      frozen = false;
      for (const socket of sockets) socket.resume();
      for (const client of held.splice(0)) if (!client.destroyed) pipe(client);
    },
    stop: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
    },
    start: async () => {
      await listen(port);
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
