// The media library's calls (spec 7 "Media"; bodies as docs/api.md describes them).
import type { FilePage, FolderItem, LibraryFile, Storage } from '../../models/media';
import type { ApiClient } from '../client';

export interface FileListQuery {
  folderId: string;
  skip: number;
  limit: number;
  sortAsc?: boolean;
  sortField?: string;
  search?: string;
  type?: string;
  size?: string;
  resolution?: string;
}

export const getDiskSpace = (api: ApiClient) => api.get<Storage>('/api/folder/disk/space');
/** `type` (image, video, file): each folder's file_count counts only files of that kind. */
export const getFolders = (api: ApiClient, type?: string) =>
  api.get<FolderItem[]>('/api/folder/list', type ? { type } : undefined);
export const getFiles = (api: ApiClient, query: Partial<FileListQuery>) =>
  api.get<FilePage>('/api/file/list', { ...query });

/** Multipart: files plus folderId. */
export const uploadFiles = (api: ApiClient, form: FormData) =>
  api.post<{ resultUpload: LibraryFile[]; diskInfo: Storage }>('/api/file/upload', form);

export const deleteFiles = (
  api: ApiClient,
  body: { fileIds: string[]; deleteAll?: boolean; folderId?: string },
) => api.delete<{ deleted: number; diskInfo: Storage }>('/api/file/delete', body);
export const editFile = (api: ApiClient, body: { file_id: string; name: string; type?: string }) =>
  api.post<{ file: LibraryFile }>('/api/file/edit', body);
export const moveFiles = (api: ApiClient, body: { fileIds: string[]; folderId: string }) =>
  api.post<{ moved: number; folderId: string }>('/api/file/move', body);

export const createFolder = (api: ApiClient, body: { name: string; parentId?: string | null }) =>
  api.post<FolderItem>('/api/folder/create', body);
export const updateFolder = (api: ApiClient, body: { folderId: string; name: string }) =>
  api.post<FolderItem>('/api/folder/update', body);
export const deleteFolder = (api: ApiClient, body: { folderId: string; force?: boolean }) =>
  api.delete<{ deleted_folders: number; deleted_files: number; diskInfo: Storage }>(
    '/api/folder/delete',
    body,
  );

/** Spec 8: a failed file list shows an empty list with total 0, never an error. */
export async function getFilesOrEmpty(api: ApiClient, query: Partial<FileListQuery>): Promise<FilePage> {
  try {
    return await getFiles(api, query);
  } catch {
    return { files: [], total_count: 0 };
  }
}

/** Spec 8: a failed folder list shows an empty list. */
export async function getFoldersOrEmpty(api: ApiClient, type?: string): Promise<FolderItem[]> {
  try {
    return await getFolders(api, type);
  } catch {
    return [];
  }
}
