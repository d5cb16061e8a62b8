import * as fieldStyles from "~/components/forms/field.css";
import { FormField } from "~/components/forms/form-field";
import { Button } from "~/components/ui/button";
import * as styles from "./expenses.css";

/**
 * «Импорт от електронна фактура (UBL)» inside the expense form: a supplier's XML file read on the
 * server (a second submit button, «Прочети файла»), which fills the form's fields for the person to
 * check; the file is kept and attached when the expense is saved. Works without JavaScript.
 */
export function UblImportFields({
  error,
  fileName,
  fileId,
  pdfName,
  pdfId,
  warnings,
}: {
  error: string | undefined;
  /** The imported file, once read: it is attached to the expense on saving. */
  fileName: string;
  fileId: string;
  /** The PDF the e-invoice embeds, kept too: attached beside the XML. */
  pdfName: string;
  pdfId: string;
  warnings: string[];
}) {
  return (
    <fieldset className={styles.section}>
      <legend className={styles.legend}>Импорт от електронна фактура (UBL)</legend>
      <input type="hidden" name="ublFile" value={fileId} />
      <input type="hidden" name="ublFileName" value={fileName} />
      <input type="hidden" name="ublPdf" value={pdfId} />
      <input type="hidden" name="ublPdfName" value={pdfName} />
      {fileId ? (
        <div role="status">
          <p style={{ marginTop: 0 }}>
            Полетата са попълнени от «{fileName}». Проверете ги и запишете разхода — файлът ще бъде
            приложен към него.
            {pdfId ? ` PDF документът от фактурата («${pdfName}») също ще бъде приложен.` : null}
          </p>
          {warnings.length ? (
            <ul aria-label="За проверка">
              {warnings.map((warning) => (
                <li key={warning}>{warning}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      <FormField
        name="ubl"
        label="XML файл на електронна фактура"
        type="file"
        error={error}
        hint="UBL 2.1 по EN 16931 (Peppol BIS 3.0), до 10 MB: фактура или кредитно известие от доставчик"
        controlProps={{ accept: ".xml,application/xml,text/xml" }}
      />
      <p className={fieldStyles.hint}>
        «Прочети файла» попълва полетата по-долу; нищо не се записва, докато не натиснете «Запиши
        разхода».
      </p>
      <Button type="submit" name="intent" value="import-ubl" tone="secondary" formNoValidate>
        Прочети файла
      </Button>
    </fieldset>
  );
}
