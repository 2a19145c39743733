/** Hands a file to the browser's downloads, as a click on a link would. */
export function downloadBlob(fileName: string, blob: Blob) {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(link.href);
}

/** Hands a text file to the browser's downloads. */
export function downloadTextFile(fileName: string, text: string, type = 'text/csv;charset=utf-8') {
  downloadBlob(fileName, new Blob([text], { type }));
}
