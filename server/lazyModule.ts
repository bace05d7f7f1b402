// Packages that only some requests need (spreadsheets, zips, image decoding, the LINE SDK) are
// loaded on first use, not at start: an idle server then holds tens of MB less.
export function lazyModule<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | null = null;
  return () => {
    loaded ??= load().catch((err) => {
      loaded = null;
      throw err;
    });
    return loaded;
  };
}

/** ExcelJS (spreadsheet exports and imports of several features). */
export const loadExcelJS = lazyModule(async () => (await import('exceljs')).default);
