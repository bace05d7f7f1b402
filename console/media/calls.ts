// The media library's HTTP calls: core's endpoint functions (core/api/endpoints/media.ts) bound to
// the console's client, under the names the library uses.

import type { FileListQuery } from '../../core/api/endpoints/media';
import * as media from '../../core/api/endpoints/media';
import type { LibraryFile } from '../../core/models/media';
import { client } from '../session/api';

export type { FilePage, FolderItem, LibraryFile } from '../../core/models/media';

export const getDiskSpace = () => media.getDiskSpace(client);

/** Spec 8: a failed folder list shows an empty list. `type`: count only files of that kind. */
export const getFolders = (type?: string) => media.getFoldersOrEmpty(client, type);

/** Spec 8: a failed file list gives an empty list and total 0. */
export const getFiles = (query: Partial<FileListQuery>) => media.getFilesOrEmpty(client, query);

export const createFolder = (name: string, parentId: string | null) =>
  media.createFolder(client, { name, parentId });

export const renameFolder = (folderId: string, name: string) =>
  media.updateFolder(client, { folderId, name });

export const deleteFolder = (folderId: string, force: boolean) =>
  media.deleteFolder(client, { folderId, force });

export const deleteFiles = (fileIds: string[]) => media.deleteFiles(client, { fileIds });

export const renameFile = (file: LibraryFile, name: string) =>
  media.editFile(client, { file_id: file.id, name, type: file.extension });

export const moveFiles = (fileIds: string[], folderId: string) =>
  media.moveFiles(client, { fileIds, folderId });
