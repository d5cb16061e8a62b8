/** The company the files are of, said again right before a download (issue #29 item 4). */
export function ActiveCompanyNote({ name }: { name: string | null }) {
  if (!name) return null;
  return (
    <p>
      Файловете са на фирма <strong>{name}</strong>.
    </p>
  );
}
