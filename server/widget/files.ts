// Files visitors attach in the widget, and widget logos, are kept in the account's media library
// (server/media decides their type from their bytes, counts them and serves them at /media/…, to
// any site): visitors' files in its 'Widget uploads' folder with the chat's rules, logos in the
// default folder as images only. widget_uploads remembers which session uploaded which file, so a
// visitor can only send their own.
import type { MultipartFile } from '@fastify/multipart';
import { and, eq } from 'drizzle-orm';
import { mediaFileAddress } from '../../core/models/media';
import type { UploadRules } from '../../core/upload/checkFiles';
import { LOGO_UPLOAD_RULES } from '../../core/widget/settings';
import type { AppContext } from '../context';
import { accountFilesByIds, type FileRow } from '../media/fileRows';
import { maxUploadBytes, storeMediaFile } from '../media/store';
import type { MediaFileWire } from '../media/wire';
import type { WidgetChannel } from './channel';
import { widgetUploads } from './schema';

export const WIDGET_UPLOADS_FOLDER = 'Widget uploads';
const VISITOR_RULES: UploadRules = { inChat: true };
/** The console's logo picker offers the same files (LOGO_ACCEPT). */
const LOGO_RULES = LOGO_UPLOAD_RULES;

/** Multipart limits for one file: one byte over the largest allowed file is enough to refuse it. */
export const ONE_FILE_LIMITS = { fileSize: maxUploadBytes() + 1, files: 1, fields: 5 };

export async function storeVisitorUpload(
  ctx: AppContext,
  part: MultipartFile,
  channel: WidgetChannel,
  sessionId: string,
  origin: string,
): Promise<MediaFileWire> {
  const file = await storeMediaFile(ctx, {
    accountId: channel.accountId,
    folderName: WIDGET_UPLOADS_FOLDER,
    rules: VISITOR_RULES,
    name: part.filename,
    stream: part.file,
    declaredType: part.mimetype,
    origin,
  });
  await ctx.db.insert(widgetUploads).values({ fileId: file.id, sessionId, channelId: channel.id });
  return file;
}

export function storeLogo(
  ctx: AppContext,
  part: MultipartFile,
  owner: { accountId: string; userId: string },
  origin: string,
): Promise<MediaFileWire> {
  return storeMediaFile(ctx, {
    ...owner,
    rules: LOGO_RULES,
    name: part.filename,
    stream: part.file,
    declaredType: part.mimetype,
    origin,
  });
}

/** The file at this address (absolute or a path) when this session uploaded it, else null. */
export async function ownUpload(
  ctx: AppContext,
  channel: WidgetChannel,
  sessionId: string,
  url: string,
): Promise<FileRow | null> {
  const address = mediaFileAddress(url);
  if (!address) return null;
  const [upload] = await ctx.db
    .select({ fileId: widgetUploads.fileId })
    .from(widgetUploads)
    .where(and(eq(widgetUploads.fileId, address.id), eq(widgetUploads.sessionId, sessionId)))
    .limit(1);
  if (!upload) return null;
  const [file] = await accountFilesByIds(ctx.db, channel.accountId, [upload.fileId]);
  return file ?? null;
}
