// Field paths as the converters name them (`items[0].contents[2].action.uri`): read and write a
// value at a path of a plain form, so each editor field is bound by the same name its error has.

export type PathPart = string | number;

export function parsePath(path: string): PathPart[] {
  const parts: PathPart[] = [];
  for (const m of path.matchAll(/([^.[\]]+)|\[(\d+)\]/g))
    parts.push(m[2] !== undefined ? Number(m[2]) : m[1]);
  return parts;
}

export function getAt(root: unknown, path: string): unknown {
  let node = root;
  for (const part of parsePath(path)) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<PathPart, unknown>)[part];
  }
  return node;
}

/** Sets a value in place, creating plain objects on the way. */
export function setAt(root: Record<string, unknown>, path: string, value: unknown): void {
  const parts = parsePath(path);
  let node: Record<PathPart, unknown> = root;
  parts.forEach((part, i) => {
    if (i === parts.length - 1) {
      node[part] = value;
      return;
    }
    const next = node[part];
    if (next === null || typeof next !== 'object') node[part] = typeof parts[i + 1] === 'number' ? [] : {};
    node = node[part] as Record<PathPart, unknown>;
  });
}

/** `items[1].contents[3].text` → { item: 1, block: 3, rest: 'text' }; null outside a block. */
export function blockOfPath(path: string): { item: number; block: number; rest: string } | null {
  const m = /^items\[(\d+)\]\.contents\[(\d+)\](?:\.(.*))?$/.exec(path);
  return m ? { item: Number(m[1]), block: Number(m[2]), rest: m[3] ?? '' } : null;
}

export function areaOfPath(path: string): { area: number; rest: string } | null {
  const m = /^areas\[(\d+)\](?:\.(.*))?$/.exec(path);
  return m ? { area: Number(m[1]), rest: m[2] ?? '' } : null;
}
