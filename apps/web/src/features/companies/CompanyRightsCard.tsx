import { COMPANY_RIGHTS } from "@openverde/frameworks/access";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId } from "react";
import { unwrap, useApi } from "../../api";
import { LoadingIndicator } from "../../components/LoadingIndicator";
import { Alert } from "../../components/workflow";
import { type CompanyRight, RIGHT_HELP } from "./membership";

/**
 * For admins on the company users page: the rights the company holds (Member, Provider), each a
 * checkbox that gives or takes it away at once. The company's people inherit what a right brings
 * from their next request on.
 */
export function CompanyRightsCard({
  companyId,
  companyName,
  onChanged,
}: {
  companyId: string;
  companyName: string;
  onChanged: (notice: string) => void;
}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const id = useId();
  const queryKey = ["company-rights", companyId];
  const rights = useQuery({
    queryKey,
    queryFn: () =>
      unwrap(api.community.GET("/company-rights/{companyId}", { params: { path: { companyId } } })),
  });
  const change = useMutation({
    mutationFn: async ({ right, give }: { right: CompanyRight; give: boolean }) => {
      const body = { companyId, companyRight: right };
      if (give) await unwrap(api.community.POST("/company-rights", { body }));
      else await unwrap(api.community.DELETE("/company-rights", { body }));
    },
    onSuccess: async (_, { right, give }) => {
      onChanged(
        give
          ? `${companyName} now holds the right ${right}.`
          : `${companyName} no longer holds the right ${right}.`,
      );
      await queryClient.invalidateQueries({ queryKey });
    },
  });
  const held = new Set(rights.data ?? []);
  // While a change is on its way, its box already shows what was asked for.
  const shown = (right: CompanyRight) =>
    change.isPending && change.variables.right === right ? change.variables.give : held.has(right);

  return (
    <section className="wf-card cu-rights" aria-labelledby={`${id}-rights`}>
      <h2 id={`${id}-rights`}>Company rights</h2>
      <p className="wf-muted">
        Only admins see and change these. Everyone with a role at {companyName} inherits what a right brings,
        from their next request on, and loses it when the right is taken away or they leave the company.
      </p>
      {rights.isPending ? <LoadingIndicator label="Loading the company's rights." /> : null}
      {rights.isError ? (
        <Alert tone="error" title="The company's rights could not be loaded">
          <p>{rights.error.message}</p>
        </Alert>
      ) : null}
      {rights.isSuccess ? (
        <fieldset className="cu-rights__list" disabled={change.isPending}>
          <legend className="visually-hidden">Rights of {companyName}</legend>
          {COMPANY_RIGHTS.map((right) => (
            <div className="cu-rights__item" key={right}>
              <input
                id={`${id}-${right}`}
                type="checkbox"
                checked={shown(right)}
                aria-describedby={`${id}-${right}-help`}
                onChange={(event) => change.mutate({ right, give: event.target.checked })}
              />
              <div>
                <label htmlFor={`${id}-${right}`}>{right}</label>
                <p className="wf-field__hint" id={`${id}-${right}-help`}>
                  {RIGHT_HELP[right]}.
                </p>
              </div>
            </div>
          ))}
        </fieldset>
      ) : null}
      {change.isError ? (
        <Alert tone="error" title="The right was not changed">
          <p>{change.error.message}</p>
        </Alert>
      ) : null}
    </section>
  );
}
