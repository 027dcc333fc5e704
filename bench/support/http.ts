import { Agent, request as httpRequest } from "node:http";

/**
 * A lean HTTP client for benchmarks. The load generator shares the machine's two cores with the
 * server and the database, and fetch spent about 1 ms of CPU per request, a third of the machine at
 * the rates the targets ask for; node:http over kept-alive connections spends a fraction of that.
 * Bodies are read as they come, compressed or not, without decoding.
 */
export interface BenchResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface BenchRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

/** One agent per benchmark phase: `connections` kept-alive sockets to 127.0.0.1:port. */
export function benchClient(port: number, connections: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const send = (options: BenchRequest): Promise<BenchResponse> =>
    new Promise((done, fail) => {
      const request = httpRequest(
        {
          agent,
          host: "127.0.0.1",
          port,
          method: options.method ?? "GET",
          path: options.path,
          headers: { "accept-encoding": "br, gzip", ...options.headers },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("error", fail);
          response.on("end", () =>
            done({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: Buffer.concat(chunks),
            }),
          );
        },
      );
      request.on("error", fail);
      request.end(options.body);
    });
  return { send, close: () => agent.destroy() };
}
