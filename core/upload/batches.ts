// Uploads and file sends go out in groups of 4 (spec 9) so a large pick does not flood the server.
export const UPLOAD_GROUP_SIZE = 4;

export function inGroups<T>(items: readonly T[], size: number = UPLOAD_GROUP_SIZE): T[][] {
  const step = Number.isInteger(size) && size > 0 ? size : UPLOAD_GROUP_SIZE;
  const groups: T[][] = [];
  for (let i = 0; i < items.length; i += step) groups.push(items.slice(i, i + step));
  return groups;
}

/** Runs `task` over the items one group at a time; the items of a group run together. */
export async function runInGroups<T, R>(
  items: readonly T[],
  task: (item: T) => Promise<R>,
  size: number = UPLOAD_GROUP_SIZE,
): Promise<PromiseSettledResult<R>[]> {
  const results: PromiseSettledResult<R>[] = [];
  for (const group of inGroups(items, size)) results.push(...(await Promise.allSettled(group.map(task))));
  return results;
}
