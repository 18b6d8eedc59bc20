import { IMPORT_MAX_BYTES } from '@plansmith/contract/imports';

const EXTENSIONS = ['.csv', '.txt', '.xlsx'];

/** Why a chosen file cannot be sent, or null: the server checks again, this only saves an upload. */
export const fileProblem = (file: File): string | null => {
  const name = file.name.toLowerCase();
  if (name.endsWith('.xls')) return 'Old Excel files (.xls) cannot be read. Save the sheet as .xlsx or .csv and import that.';
  if (!EXTENSIONS.some((extension) => name.endsWith(extension)))
    return `Only .csv and .xlsx files can be imported; “${file.name}” is neither.`;
  if (file.size === 0) return `“${file.name}” is empty.`;
  if (file.size > IMPORT_MAX_BYTES) return `“${file.name}” is ${(file.size / 1024 / 1024).toFixed(1)} MB; the import limit is 10 MB.`;
  return null;
};

/** The file's bytes as base64, reporting how much is read (0–1) as it goes. */
export const readAsBase64 = (file: File, onProgress: (fraction: number) => void): Promise<string> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    reader.onerror = () => reject(new Error(`“${file.name}” could not be read.`));
    reader.onload = () => {
      const url = String(reader.result);
      onProgress(1);
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.readAsDataURL(file);
  });
