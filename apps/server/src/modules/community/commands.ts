/**
 * `npm run cli -- ownership-claims …`: the operator reads and decides ownership claims as admins do in
 * the admin console, also while the platform is stopped. The decisions are those of ownership-claims.ts.
 */
import type { Command } from "commander";
import { isUuid } from "../../platform/ids";
import type { WithContext } from "../../platform/module";
import { guarded, commandLineOperator as operator, UsageError } from "../../platform/operator-commands";
import {
  approveOwnershipClaim,
  type ClaimStatus,
  declineOwnershipClaim,
  listOwnershipClaims,
  type OwnershipClaim,
} from "./ownership-claims";

const STATUSES: readonly ClaimStatus[] = ["Pending", "Approved", "Declined"];

const who = (claim: OwnershipClaim) => `${claim.username} <${claim.email}>`;

function claimLine(claim: OwnershipClaim): string {
  const comment = claim.comment ? JSON.stringify(claim.comment) : "";
  return [
    claim.claimId,
    claim.status,
    claim.claimedAt,
    `${claim.companyName} (${claim.companyId})`,
    who(claim),
    comment,
  ].join("\t");
}

export function commands(program: Command, withContext: WithContext): void {
  const claims = program
    .command("ownership-claims")
    .description("Users' claims to own a company, decided as in the admin console.");

  claims
    .command("list")
    .description(
      "List ownership claims (open ones oldest first, decided ones newest first): id, status, claimed at, company, user, comment.",
    )
    .option("--status <status>", "Pending, Approved or Declined", "Pending")
    .option("--company <companyId>", "only the claims for this company")
    .action(
      guarded(async (options: { status: string; company?: string }) => {
        const status = STATUSES.find((known) => known.toLowerCase() === options.status.toLowerCase());
        if (!status)
          throw new UsageError(`--status is Pending, Approved or Declined, not "${options.status}".`);
        if (options.company !== undefined && !isUuid(options.company))
          throw new UsageError(`--company takes a company id, not "${options.company}".`);
        await withContext(async (context) => {
          const found = await listOwnershipClaims(context.database.db, operator(), {
            status,
            ...(options.company ? { companyId: options.company } : {}),
          });
          if (found.length === 0)
            process.stdout.write(`There are no ${status.toLowerCase()} ownership claims.\n`);
          for (const claim of found) process.stdout.write(`${claimLine(claim)}\n`);
        });
      }),
    );

  claims
    .command("approve")
    .description("Approve a pending claim: the user becomes an owner (CompanyOwner) of the company.")
    .argument("<claimId>", "the claim's id, as listed")
    .action(
      guarded(async (claimId: string) => {
        await withContext(async (context) => {
          const claim = await approveOwnershipClaim(context.database.db, operator(), claimId);
          process.stdout.write(
            `Approved the claim to ${claim.companyName} of ${who(claim)}, who owns it now (CompanyOwner).\n`,
          );
        });
      }),
    );

  claims
    .command("decline")
    .description("Decline a pending claim: the user keeps the role they had there and may claim again.")
    .argument("<claimId>", "the claim's id, as listed")
    .action(
      guarded(async (claimId: string) => {
        await withContext(async (context) => {
          const claim = await declineOwnershipClaim(context.database.db, operator(), claimId);
          process.stdout.write(
            `Declined the claim to ${claim.companyName} of ${who(claim)}; they may claim again.\n`,
          );
        });
      }),
    );
}
