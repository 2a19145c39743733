/** Hands a text file to the browser's downloads, as a click on a link would. */
export function downloadTextFile(fileName: string, text: string, type = 'text/csv;charset=utf-8') {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([text], { type }));
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(link.href);
}
