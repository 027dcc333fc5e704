import type { Command } from "commander";
import type { WithContext } from "../../platform/module";
import { guarded, commandLineOperator as operator, UsageError } from "../../platform/operator-commands";
import type { AuditActor } from "../audit";
import {
  changeRoles,
  deletePerson,
  disablePerson,
  enablePerson,
  endSessions,
  invitePerson,
  liftSignInLock,
} from "./admin-people";
import { identityConfig } from "./config";
import { rotateSigningKeys } from "./keys";
import { createUser, findUserByUsername, listUsers, parseRoles, setPassword, type User } from "./service";
import type { AnyExecutor } from "./store";

const splitRoles = (raw: string) => raw.split(/[\s,]+/).filter(Boolean);

async function userNamed(db: AnyExecutor, username: string): Promise<User> {
  const user = await findUserByUsername(db, username);
  if (!user) throw new UsageError(`There is no user "${username}".`);
  return user;
}

export function commands(program: Command, withContext: WithContext): void {
  const users = program.command("users").description("Accounts of the embedded identity provider.");

  users
    .command("create")
    .description("Create a user; everyone gets ROLE_USER in addition to the roles given.")
    .requiredOption("--username <username>", "the name to sign in with")
    .requiredOption("--email <email>", "the e-mail address")
    .requiredOption("--password <password>", "the password (the strength rule applies)")
    .option("--name <name>", "the name shown to others", "")
    .option("--roles <roles>", "comma-separated realm roles: ROLE_UPLOADER, ROLE_REVIEWER, ROLE_ADMIN", "")
    .action(
      guarded(
        async (options: {
          username: string;
          email: string;
          password: string;
          name: string;
          roles: string;
        }) => {
          const roles = parseRoles(["ROLE_USER", ...splitRoles(options.roles)]);
          await withContext(async (context) => {
            const user = await createUser(context.database.db, { ...options, roles });
            process.stdout.write(
              `Created ${user.username} (${user.userId}) with ${user.roles.join(", ")}.\n`,
            );
          });
        },
      ),
    );

  users
    .command("set-roles")
    .description("Replace a user's realm roles (ROLE_USER is always kept).")
    .requiredOption("--username <username>", "whose roles")
    .requiredOption("--roles <roles>", "comma-separated realm roles")
    .action(
      guarded(async (options: { username: string; roles: string }) => {
        const roles = parseRoles(["ROLE_USER", ...splitRoles(options.roles)]);
        await withContext(async (context) => {
          const user = await userNamed(context.database.db, options.username);
          const updated = await changeRoles(context.database.db, operator(), user.userId, roles);
          process.stdout.write(
            `${updated.username} now has ${updated.roles.join(", ")}. Tokens issued before keep their roles until they expire (5 minutes).\n`,
          );
        });
      }),
    );

  users
    .command("list")
    .description("List the users with their e-mail addresses and roles.")
    .action(
      guarded(async () => {
        await withContext(async (context) => {
          const all = await listUsers(context.database.db);
          if (all.length === 0) process.stdout.write("There are no users yet.\n");
          for (const user of all)
            process.stdout.write(
              `${user.username}\t${user.email}\t${user.roles.join(",")}\t${user.userId}\n`,
            );
        });
      }),
    );

  users
    .command("reset-password")
    .description("Set a new password for a user who forgot theirs.")
    .requiredOption("--username <username>", "whose password")
    .requiredOption("--password <password>", "the new password (the strength rule applies)")
    .action(
      guarded(async (options: { username: string; password: string }) => {
        await withContext(async (context) => {
          const user = await findUserByUsername(context.database.db, options.username);
          if (!user) throw new UsageError(`There is no user "${options.username}".`);
          await setPassword(context.database.db, user.userId, options.password);
          process.stdout.write(`The password of ${user.username} is changed.\n`);
        });
      }),
    );

  users
    .command("invite")
    .description(
      "Make an account and e-mail its owner a link to choose the password (sent once the platform runs).",
    )
    .requiredOption("--username <username>", "the name to sign in with")
    .requiredOption("--email <email>", "where the invitation goes")
    .option("--name <name>", "the name shown to others", "")
    .option("--roles <roles>", "comma-separated realm roles besides ROLE_USER", "")
    .action(
      guarded(async (options: { username: string; email: string; name: string; roles: string }) => {
        await withContext(async (context) => {
          const user = await invitePerson(context.database.db, identityConfig(context.config), operator(), {
            ...options,
            roles: splitRoles(options.roles),
          });
          process.stdout.write(
            `Invited ${user.username} (${user.userId}); the mail goes to ${user.email}.\n`,
          );
        });
      }),
    );

  const accountAction = (
    name: string,
    description: string,
    run: (db: AnyExecutor, actor: AuditActor, userId: string) => Promise<unknown>,
    done: string,
  ) =>
    users
      .command(name)
      .description(description)
      .requiredOption("--username <username>", "whose account")
      .action(
        guarded(async (options: { username: string }) => {
          await withContext(async (context) => {
            const user = await userNamed(context.database.db, options.username);
            await run(context.database.db, operator(), user.userId);
            process.stdout.write(`${user.username}: ${done}\n`);
          });
        }),
      );
  accountAction(
    "disable",
    "Disable an account: no sign-in; its sessions, tokens and API key stop working.",
    disablePerson,
    "disabled. Running servers refuse its tokens and API key within seconds.",
  );
  accountAction("enable", "Enable a disabled account again.", enablePerson, "enabled.");
  accountAction(
    "end-sessions",
    "Sign an account out everywhere (its API key keeps working).",
    endSessions,
    "signed out everywhere.",
  );
  accountAction(
    "delete",
    "Delete an account; what it uploaded stays, shown as from a deleted user.",
    deletePerson,
    "deleted.",
  );

  users
    .command("unlock")
    .description("Lift the sign-in lock of an account (--username) or an address (--address).")
    .option("--username <username>", "whose account")
    .option("--address <address>", "the IP address locked")
    .action(
      guarded(async (options: { username?: string; address?: string }) => {
        if (!options.username === !options.address) throw new UsageError("Give --username or --address.");
        await withContext(async (context) => {
          const { db } = context.database;
          const key = options.username
            ? `account:${(await userNamed(db, options.username)).userId}`
            : `address:${options.address}`;
          await liftSignInLock(db, operator(), key);
          process.stdout.write(`The sign-in lock of ${options.username ?? options.address} is lifted.\n`);
        });
      }),
    );

  program
    .command("keys")
    .description("Signing keys of the embedded identity provider.")
    .command("rotate")
    .description(
      "Make a new signing key; the old one keeps verifying tokens for a day. Restart running servers so they sign with it.",
    )
    .action(
      guarded(async () => {
        await withContext(async (context) => {
          const kid = await rotateSigningKeys(context.database.db);
          process.stdout.write(
            `New signing key ${kid} is in place; restart running servers to sign with it.\n`,
          );
        });
      }),
    );
}
