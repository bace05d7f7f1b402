// Web addresses inside outgoing messages (buttons, image map areas) made tracked /go links, so
// templates and bot answers count clicks the same way broadcasts do.
import type { OutgoingItem } from '../../core/automation/replyConvert';
import type { AppContext } from '../context';
import { type LinkSource, trackedLink } from './store';

/** Web addresses of buttons and image map areas become tracked /go links (server/links). */
export async function trackLinks(
  ctx: AppContext,
  items: OutgoingItem[],
  target: { accountId: string; followerId: string; source: Omit<LinkSource, 'part'> },
): Promise<OutgoingItem[]> {
  const visit = async (node: unknown, path: string): Promise<unknown> => {
    if (Array.isArray(node)) return Promise.all(node.map((child, i) => visit(child, `${path}[${i}]`)));
    if (!node || typeof node !== 'object') return node;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node as Record<string, unknown>))
      out[key] = await visit(value, path ? `${path}.${key}` : key);
    const field =
      out.type === 'uri'
        ? typeof out.uri === 'string'
          ? 'uri'
          : typeof out.linkUri === 'string'
            ? 'linkUri'
            : null
        : null;
    if (field)
      out[field] = await trackedLink(ctx, {
        accountId: target.accountId,
        url: out[field] as string,
        source: { ...target.source, part: path },
        followerId: target.followerId,
      });
    return out;
  };
  return (await visit(items, '')) as OutgoingItem[];
}
