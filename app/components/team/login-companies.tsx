import { Form, useNavigation } from "@remix-run/react";
import { CompanyField } from "~/components/forms/company-field";
import { FormError } from "~/components/forms/field-frame";
import { Button } from "~/components/ui/button";
import * as listStyles from "~/components/ui/list.css";
import { ScrollTable } from "~/components/ui/scroll-table";
import { useFormAnswer } from "~/utils/forms";

export interface LoginCompanyView {
  id: string;
  name: string;
  eik: string;
  roleLabel: string;
  role: string;
  active: boolean;
}

/**
 * The login's companies with its role in each (an accountant's client list, issue #29 item 4):
 * work in one (the switch, as the header's), or leave one (never as its owner).
 */
export function LoginCompanies({ companies }: { companies: LoginCompanyView[] }) {
  const answer = useFormAnswer("leave");
  const busy = useNavigation().state === "submitting";
  if (!companies.length) return <p>Не сте член на фирма.</p>;
  return (
    <>
      <FormError message={answer?.formError} />
      <ScrollTable label="Вашите фирми">
        <table className={listStyles.table}>
          <caption className="visually-hidden">Фирмите, в които сте член, и ролята ви</caption>
          <thead>
            <tr>
              <th scope="col" className={listStyles.cell}>
                Фирма
              </th>
              <th scope="col" className={listStyles.cell}>
                Роля
              </th>
              <th scope="col" className={listStyles.cell}>
                Действия
              </th>
            </tr>
          </thead>
          <tbody>
            {companies.map((company) => (
              <tr key={company.id}>
                <td className={listStyles.cell}>
                  <strong>{company.name}</strong>
                  <br />
                  ЕИК {company.eik}
                </td>
                <td className={listStyles.cell}>
                  {company.roleLabel}
                  {company.active ? " · текуща" : ""}
                </td>
                <td className={listStyles.cell}>
                  <div className={listStyles.toolbar} style={{ margin: 0 }}>
                    {company.active ? null : (
                      <Form method="post" action="/switch-company">
                        <CompanyField />
                        <input type="hidden" name="companyId" value={company.id} />
                        <Button type="submit" tone="secondary" disabled={busy}>
                          Работи в тази фирма
                          <span className="visually-hidden"> ({company.name})</span>
                        </Button>
                      </Form>
                    )}
                    {company.role === "owner" ? null : (
                      <Form method="post">
                        <CompanyField />
                        <input type="hidden" name="companyId" value={company.id} />
                        <Button
                          type="submit"
                          name="intent"
                          value="leave"
                          tone="quiet"
                          disabled={busy}
                        >
                          Напусни<span className="visually-hidden"> {company.name}</span>
                        </Button>
                      </Form>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollTable>
    </>
  );
}
