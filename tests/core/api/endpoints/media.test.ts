import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../../core/api/client';
import * as media from '../../../../core/api/endpoints/media';
import { fakeFetch } from '../fakeFetch';

type Api = ReturnType<typeof createApiClient>;

describe('spec 7: media calls', () => {
  const cases: [string, (api: Api) => Promise<unknown>, string, string][] = [
    ['disk space', (api) => media.getDiskSpace(api), 'GET', '/api/folder/disk/space'],
    ['folders', (api) => media.getFolders(api), 'GET', '/api/folder/list'],
    ['files', (api) => media.getFiles(api, { folderId: 'f', skip: 0, limit: 300 }), 'GET', '/api/file/list'],
    [
      'delete files',
      (api) => media.deleteFiles(api, { fileIds: ['a'], folderId: 'f' }),
      'DELETE',
      '/api/file/delete',
    ],
    ['edit file', (api) => media.editFile(api, { file_id: 'a', name: 'n' }), 'POST', '/api/file/edit'],
    [
      'move files',
      (api) => media.moveFiles(api, { fileIds: ['a'], folderId: 'f' }),
      'POST',
      '/api/file/move',
    ],
    ['create folder', (api) => media.createFolder(api, { name: 'n' }), 'POST', '/api/folder/create'],
    [
      'update folder',
      (api) => media.updateFolder(api, { folderId: 'f', name: 'n' }),
      'POST',
      '/api/folder/update',
    ],
    ['delete folder', (api) => media.deleteFolder(api, { folderId: 'f' }), 'DELETE', '/api/folder/delete'],
    ['upload', (api) => media.uploadFiles(api, new FormData()), 'POST', '/api/file/upload'],
  ];
  it.each(cases)('%s → %s %s', async (_n, call, method, path) => {
    const net = fakeFetch([{ status: 200, body: {} }]);
    await call(createApiClient({ baseURL: 'http://h', channelId: () => 'c', fetch: net.fetch }));
    expect([net.calls[0].method, net.calls[0].url.pathname]).toEqual([method, path]);
  });
  it('file list query carries the spec 7 parameters', async () => {
    const net = fakeFetch([{ status: 200, body: { files: [], total_count: 0 } }]);
    const api = createApiClient({ baseURL: 'http://h', channelId: () => 'c', fetch: net.fetch });
    await media.getFiles(api, {
      folderId: 'f',
      skip: 0,
      limit: 300,
      sortAsc: false,
      sortField: 'createdDate',
      search: 'x',
      type: 'image',
    });
    expect(Object.fromEntries(net.calls[0].url.searchParams)).toEqual({
      folderId: 'f',
      skip: '0',
      limit: '300',
      sortAsc: 'false',
      sortField: 'createdDate',
      search: 'x',
      type: 'image',
    });
  });
});

describe('spec 8: failed lists are empty, not errors', () => {
  const failing = () => {
    const net = fakeFetch([{ status: 400, body: { message: 'bad' } }]);
    return createApiClient({ baseURL: 'http://h', channelId: () => 'c', fetch: net.fetch });
  };
  it('file list failure → empty list and total 0', async () => {
    expect(await media.getFilesOrEmpty(failing(), { folderId: 'f', skip: 0, limit: 300 })).toEqual({
      files: [],
      total_count: 0,
    });
  });
  it('folder list failure → empty list', async () => {
    expect(await media.getFoldersOrEmpty(failing())).toEqual([]);
  });
});
