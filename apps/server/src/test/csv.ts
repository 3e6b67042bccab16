/**
 * The rows of a csv file as the exports write it (RFC 4180 with LF or CRLF line ends, the byte order mark first):
 * quoted cells unquoted, doubled quotes made single, line breaks inside quotes kept.
 */
export const parseCsv = (file: string) => {
  const text = file.replace(/^\ufeff/, '');
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let isQuoted = false;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (isQuoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index++;
      } else if (char === '"') {
        isQuoted = false;
      } else {
        cell += char;
      }
    } else if (char === '"') {
      isQuoted = true;
    } else if (char === ',') {
      endCell();
    } else if (char === '\n' || (char === '\r' && text[index + 1] === '\n')) {
      endCell();
      rows.push(row);
      row = [];
      if (char === '\r') {
        index++;
      }
    } else {
      cell += char;
    }
  }
  if (cell !== '' || row.length > 0) {
    endCell();
    rows.push(row);
  }
  return rows;
};
