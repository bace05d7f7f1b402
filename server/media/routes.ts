// The media library's HTTP API (spec 7 "Media"; bodies spec 7 does not show are in docs/api.md)
// and the stable file addresses /media/{fileId}/{name}. Multipart is parsed only in this scope.
import multipart, { type MultipartFile } from '@fastify/multipart';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SERVER_MESSAGES } from '../../core/text/serverMessages';
import { DEFAULT_UPLOAD_LIMITS } from '../../core/upload/limits';
import { limitsSummary, UPLOAD_WARNINGS } from '../../core/upload/warnings';
import { MESSAGES } from '../../core/validation/rules';
import { requireArea } from '../accounts/permissions';
import type { AppContext } from '../context';
import { requireAccount, requireAuth } from '../http/context';
import { Invalid } from '../http/errors';
import { deleteFileRows, findFileRow, listFiles, moveFileRows, renameFileRow } from './fileRows';
import {
  createFolder,
  deleteFolder,
  ensureDefaultFolder,
  findFolder,
  folderOrDefault,
  folderTree,
  renameFolder,
} from './folders';
import { registerImagemapImages } from './imagemapImages';
import {
  booleanField,
  fieldsOf,
  fileQuery,
  folderName,
  idList,
  nameField,
  optionalId,
  requiredId,
  typeCategories,
} from './input';
import { acceptedFileName, MAX_FILE_NAME_LENGTH } from './names';
import { discard, type Received } from './receive';
import { mediaFiles } from './schema';
import { registerMediaServing } from './serve';
import {
  checkReceived,
  commitFiles,
  maxUploadBytes,
  type Pending,
  receiveFile,
  receivePoster,
  removeStoredBytes,
} from './store';
import { startExpirySweep } from './sweep';
import { diskInfo } from './usage';
import { fileToWire, requestOrigin } from './wire';

function folderToWire(row: { id: string; name: string; isDefault: boolean; parentId: string | null }) {
  return {
    folderId: row.id,
    folderame: row.name,
    is_default: row.isDefault,
    parent_id: row.parentId,
    file_count: 0,
    subfolders: [],
  };
}

export function registerMediaRoutes(app: FastifyInstance, ctx: AppContext) {
  app.register(async (scope) => {
    if (!scope.hasRequestDecorator('isMultipart'))
      await scope.register(multipart, {
        // One byte over the largest allowed file is enough to refuse it as too large.
        limits: {
          fileSize: maxUploadBytes() + 1,
          files: DEFAULT_UPLOAD_LIMITS.maxFiles,
          fields: 10,
          fieldSize: 1000,
          parts: 20,
        },
        throwFileSizeLimit: false,
      });
    // Areas (core/access/areas.ts): the library's calls need the role's 'media' area, at read to
    // look and at write to change; the file addresses (/media/…) are served without a session.
    scope.addHook('preHandler', async (request) => {
      if (request.url.startsWith('/api/'))
        await requireArea(ctx, request, 'media', request.method === 'GET' ? 'read' : 'write');
    });
    registerMediaServing(scope, ctx);
    registerImagemapImages(scope, ctx);
    const stopSweep = startExpirySweep(ctx);
    scope.addHook('onClose', async () => stopSweep());

    scope.get('/api/folder/disk/space', async (request) => {
      const account = requireAccount(request.account);
      return diskInfo(ctx.db, account.accountId);
    });

    scope.get('/api/folder/list', async (request) => {
      const account = requireAccount(request.account);
      return folderTree(ctx.db, account.accountId, typeCategories(fieldsOf(request.query)));
    });

    scope.post('/api/folder/create', async (request) => {
      const account = requireAccount(request.account);
      const { userId } = requireAuth(request.auth);
      const body = fieldsOf(request.body);
      const name = folderName(body);
      const parentId = optionalId(body, 'parentId');
      return folderToWire(await createFolder(ctx.db, account.accountId, { name, parentId, userId }));
    });

    scope.post('/api/folder/update', async (request) => {
      const account = requireAccount(request.account);
      const body = fieldsOf(request.body);
      const folderId = requiredId(body, 'folderId');
      const name = folderName(body);
      return folderToWire(await renameFolder(ctx.db, account.accountId, folderId, name));
    });

    scope.delete('/api/folder/delete', async (request) => {
      const account = requireAccount(request.account);
      const body = { ...fieldsOf(request.query), ...fieldsOf(request.body) };
      const folderId = requiredId(body, 'folderId');
      const { removed, folders } = await deleteFolder(
        ctx.db,
        account.accountId,
        folderId,
        booleanField(body, 'force'),
      );
      await removeStoredBytes(ctx, removed);
      return {
        deleted_folders: folders,
        deleted_files: removed.length,
        diskInfo: await diskInfo(ctx.db, account.accountId),
      };
    });

    scope.get('/api/file/list', async (request) => {
      const account = requireAccount(request.account);
      const query = fileQuery(fieldsOf(request.query));
      if (query.folderId) await findFolder(ctx.db, account.accountId, query.folderId);
      else await ensureDefaultFolder(ctx.db, account.accountId);
      const { files, total } = await listFiles(ctx.db, account.accountId, query);
      const origin = requestOrigin(ctx, request);
      return { files: files.map((f) => fileToWire(f, origin)), total_count: total };
    });

    scope.post('/api/file/upload', async (request) => {
      const account = requireAccount(request.account);
      const { userId } = requireAuth(request.auth);
      if (!request.isMultipart()) throw new Invalid('files', MESSAGES.required);
      const fields: Record<string, unknown> = { ...fieldsOf(request.query) };
      const received: { file: Awaited<ReturnType<typeof receiveFile>>; name: string; type: string }[] = [];
      let poster: Received | null = null;
      try {
        // Every part is read to the end before anything is refused, so the client always gets its answer.
        for await (const part of request.parts()) {
          if (part.type === 'file' && part.fieldname === 'poster' && !poster) {
            poster = await receivePoster(ctx, (part as MultipartFile).file);
          } else if (part.type === 'file') {
            const file = part as MultipartFile;
            received.push({
              file: await receiveFile(ctx, file.file),
              name: file.filename,
              type: file.mimetype,
            });
          } else {
            fields[part.fieldname] = part.value;
          }
        }
      } catch (err) {
        await Promise.all(received.map((r) => discard(r.file.tmpPath)));
        if (poster) await discard(poster.tmpPath);
        if ((err as { code?: string }).code === 'FST_FILES_LIMIT')
          throw new Invalid(
            'files',
            `${UPLOAD_WARNINGS.checkAgain} (${limitsSummary(DEFAULT_UPLOAD_LIMITS)}, at most ${DEFAULT_UPLOAD_LIMITS.maxFiles} files)`,
          );
        throw err;
      }
      const pending: Pending[] = [];
      try {
        if (received.length === 0) throw new Invalid('files', MESSAGES.required);
        const folder = await folderOrDefault(ctx.db, account.accountId, optionalId(fields, 'folderId'));
        for (const r of received) pending.push(await checkReceived(r.file, { name: r.name, type: r.type }));
        // A poster frame the browser drew is kept for a single video only.
        if (poster && pending.length === 1 && pending[0].inspected.category === 'video')
          pending[0].posterPath = poster.tmpPath;
        const { rows, disk } = await commitFiles(
          ctx,
          { accountId: account.accountId, folderId: folder.id, userId },
          pending,
        );
        const origin = requestOrigin(ctx, request);
        return { resultUpload: rows.map((row) => fileToWire(row, origin)), diskInfo: disk };
      } finally {
        await Promise.all(received.map((r) => discard(r.file.tmpPath)));
        if (poster) await discard(poster.tmpPath);
      }
    });

    scope.delete('/api/file/delete', async (request) => {
      const account = requireAccount(request.account);
      const body = { ...fieldsOf(request.query), ...fieldsOf(request.body) };
      const deleteAll = booleanField(body, 'deleteAll');
      const folderId = optionalId(body, 'folderId');
      const fileIds = idList(body, 'fileIds', !deleteAll);
      if (deleteAll && !folderId) throw new Invalid('folderId', MESSAGES.required);
      if (folderId) await findFolder(ctx.db, account.accountId, folderId);
      const removed = await ctx.db.transaction((tx) =>
        deleteFileRows(
          tx,
          account.accountId,
          deleteAll
            ? eq(mediaFiles.folderId, folderId as string)
            : and(inArray(mediaFiles.id, fileIds), folderId ? eq(mediaFiles.folderId, folderId) : undefined),
        ),
      );
      await removeStoredBytes(ctx, removed);
      return { deleted: removed.length, diskInfo: await diskInfo(ctx.db, account.accountId) };
    });

    scope.post('/api/file/edit', async (request) => {
      const account = requireAccount(request.account);
      const body = fieldsOf(request.body);
      const fileId = requiredId(body, 'file_id');
      const file = await findFileRow(ctx.db, account.accountId, fileId);
      const type = body.type;
      // A rename never changes what a file is: `type`, when sent, must be the file's own.
      if (
        type !== undefined &&
        type !== null &&
        type !== '' &&
        ![file.extension, file.contentType, file.category].includes(String(type).toLowerCase())
      )
        throw new Invalid('type', UPLOAD_WARNINGS.notAllowed);
      // Upload's name rule (cleanFileName), refused rather than quietly applied.
      let name = acceptedFileName(nameField(body, 'name', MAX_FILE_NAME_LENGTH)) ?? '';
      if (!name) throw new Invalid('name', SERVER_MESSAGES.fileNameCharacters);
      const extension = file.name.includes('.')
        ? file.name.slice(file.name.lastIndexOf('.'))
        : `.${file.extension}`;
      if (!name.toLowerCase().endsWith(extension.toLowerCase())) name = `${name}${extension}`;
      if ([...name].length > MAX_FILE_NAME_LENGTH)
        throw new Invalid('name', MESSAGES.maxLength(MAX_FILE_NAME_LENGTH));
      await renameFileRow(ctx.db, account.accountId, fileId, name);
      return {
        file: fileToWire(await findFileRow(ctx.db, account.accountId, fileId), requestOrigin(ctx, request)),
      };
    });

    scope.post('/api/file/move', async (request) => {
      const account = requireAccount(request.account);
      const body = fieldsOf(request.body);
      const fileIds = idList(body, 'fileIds', true);
      const folderId = requiredId(body, 'folderId');
      await findFolder(ctx.db, account.accountId, folderId);
      const moved = await moveFileRows(ctx.db, account.accountId, fileIds, folderId);
      return { moved, folderId };
    });
  });
}
