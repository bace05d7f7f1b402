// Issue 8, spec 7 media: disk space, the folder tree (folderId, folderame, is_default, subfolders),
// create, rename and delete — a folder with files asks first (409 until force).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FOLDER_DEPTH } from '../../../server/media/folders';
import { login, startServer, type TestServer } from '../../helpers/server';
import { type MediaClient, mediaClient, pdf, png } from './fixtures';

let server: TestServer;
let api: MediaClient;

beforeAll(async () => {
  server = await startServer();
  api = mediaClient(server.url, await login(server.url));
});
afterAll(() => server?.close());

describe('GET /api/folder/disk/space', () => {
  it('answers use and limit in bytes', async () => {
    const { status, body } = await api.get('/api/folder/disk/space');
    expect(status).toBe(200);
    expect(body).toEqual({ use: 0, limit: 5_000_000_000 });
  });
});

describe('folders', () => {
  it('has a default folder from the first call, made once even when asked concurrently', async () => {
    const lists = await Promise.all(Array.from({ length: 5 }, () => api.get('/api/folder/list')));
    for (const { status, body } of lists) {
      expect(status).toBe(200);
      expect(body).toEqual([
        {
          folderId: expect.any(String),
          folderame: 'Default',
          is_default: true,
          parent_id: null,
          file_count: 0,
          subfolders: [],
        },
      ]);
    }
    expect(new Set(lists.map((l) => l.body[0].folderId)).size).toBe(1);
  });

  it('creates folders and subfolders, sorted by name after the default folder', async () => {
    const b = await api.post('/api/folder/create', { name: 'Banners' });
    expect(b.status).toBe(200);
    expect(b.body).toMatchObject({
      folderame: 'Banners',
      is_default: false,
      parent_id: null,
      subfolders: [],
    });
    const a = await api.post('/api/folder/create', { name: '  Ads   2026 ' });
    expect(a.body.folderame).toBe('Ads 2026');
    const sub = await api.post('/api/folder/create', { name: 'ภาพสินค้า', parentId: b.body.folderId });
    expect(sub.body.parent_id).toBe(b.body.folderId);
    const { body } = await api.get('/api/folder/list');
    expect(body.map((f: { folderame: string }) => f.folderame)).toEqual(['Default', 'Ads 2026', 'Banners']);
    expect(body[2].subfolders.map((f: { folderame: string }) => f.folderame)).toEqual(['ภาพสินค้า']);
  });

  it('refuses blank, too long, duplicate and too deep names', async () => {
    expect((await api.post('/api/folder/create', { name: ' ' })).body).toMatchObject({
      message: 'This field is required.',
      field: 'name',
    });
    expect((await api.post('/api/folder/create', {})).status).toBe(400);
    expect((await api.post('/api/folder/create', { name: 'x'.repeat(100) })).status).toBe(200);
    expect((await api.post('/api/folder/create', { name: 'y'.repeat(101) })).body.message).toBe(
      'Please enter no more than 100 characters.',
    );
    const dup = await api.post('/api/folder/create', { name: 'banners' });
    expect(dup.status).toBe(409);
    expect(dup.body.field).toBe('name');
    expect((await api.post('/api/folder/create', { name: 'x', parentId: 'nosuchfolder1234' })).status).toBe(
      404,
    );
    let parentId: string | undefined;
    for (let depth = 1; depth <= MAX_FOLDER_DEPTH; depth++) {
      const res = await api.post('/api/folder/create', { name: `Level ${depth}`, parentId });
      expect(res.status).toBe(200);
      parentId = res.body.folderId;
    }
    const tooDeep = await api.post('/api/folder/create', { name: 'Too deep', parentId });
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.body.field).toBe('parentId');
  });

  it('renames a folder; the default folder keeps its name', async () => {
    const made = await api.post('/api/folder/create', { name: 'Old name' });
    const renamed = await api.post('/api/folder/update', { folderId: made.body.folderId, name: 'New name' });
    expect(renamed.body.folderame).toBe('New name');
    expect(
      (await api.post('/api/folder/update', { folderId: made.body.folderId, name: 'Banners' })).status,
    ).toBe(409);
    const defaultId = await api.defaultFolderId();
    expect((await api.post('/api/folder/update', { folderId: defaultId, name: 'Mine' })).status).toBe(409);
    expect((await api.post('/api/folder/update', { folderId: 'nosuchfolder1234', name: 'x' })).status).toBe(
      404,
    );
    expect((await api.post('/api/folder/update', { name: 'x' })).body.field).toBe('folderId');
  });

  it('deletes an empty folder with its empty subfolders at once', async () => {
    const parent = await api.post('/api/folder/create', { name: 'Empty parent' });
    await api.post('/api/folder/create', { name: 'Empty child', parentId: parent.body.folderId });
    const res = await api.del('/api/folder/delete', { folderId: parent.body.folderId });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ deleted_folders: 2, deleted_files: 0 });
  });

  it('asks before deleting a folder whose subfolder has files, then deletes them with force', async () => {
    const parent = await api.post('/api/folder/create', { name: 'Campaign' });
    const child = await api.post('/api/folder/create', { name: 'Photos', parentId: parent.body.folderId });
    const up = await api.upload(
      [
        { name: 'p.png', body: await png() },
        { name: 'q.pdf', body: pdf() },
      ],
      child.body.folderId,
    );
    expect(up.status).toBe(200);
    const useWithFiles = up.body.diskInfo.use;
    const asked = await api.del('/api/folder/delete', { folderId: parent.body.folderId });
    expect(asked.status).toBe(409);
    expect(asked.body).toMatchObject({ code: 'folder_not_empty', field: 'force' });
    expect(asked.body.message).toBe('This folder has 2 files. Delete the folder and its files?');
    expect((await fetch(up.body.resultUpload[0].url)).status).toBe(200);
    const forced = await api.del('/api/folder/delete', { folderId: parent.body.folderId, force: true });
    expect(forced.status).toBe(200);
    expect(forced.body).toMatchObject({ deleted_folders: 2, deleted_files: 2 });
    expect(forced.body.diskInfo.use).toBe(
      useWithFiles - up.body.resultUpload[0].size - up.body.resultUpload[1].size,
    );
    expect((await fetch(up.body.resultUpload[0].url)).status).toBe(404);
    const { body } = await api.get('/api/folder/list');
    expect(body.some((f: { folderame: string }) => f.folderame === 'Campaign')).toBe(false);
  });

  it('never deletes the default folder', async () => {
    const defaultId = await api.defaultFolderId();
    expect((await api.del('/api/folder/delete', { folderId: defaultId, force: true })).status).toBe(409);
    expect((await api.del('/api/folder/delete', { folderId: 'nosuchfolder1234' })).status).toBe(404);
  });

  it('counts files per folder in the tree', async () => {
    const folder = await api.post('/api/folder/create', { name: 'Counted' });
    await api.upload([{ name: 'c.pdf', body: pdf() }], folder.body.folderId);
    const { body } = await api.get('/api/folder/list');
    expect(body.find((f: { folderId: string }) => f.folderId === folder.body.folderId).file_count).toBe(1);
  });

  // An image-only picker lists a folder's images: its counts must match what it lists.
  it('counts only files of the asked type with ?type=', async () => {
    const folder = await api.post('/api/folder/create', { name: 'Mixed' });
    await api.upload(
      [
        { name: 'one.png', body: await png(20, 20) },
        { name: 'two.png', body: await png(30, 30) },
        { name: 'doc.pdf', body: pdf('mixed') },
      ],
      folder.body.folderId,
    );
    const countIn = (tree: { folderId: string; file_count: number }[]) =>
      tree.find((f) => f.folderId === folder.body.folderId)?.file_count;
    expect(countIn((await api.get('/api/folder/list')).body)).toBe(3);
    expect(countIn((await api.get('/api/folder/list?type=image')).body)).toBe(2);
    expect(countIn((await api.get('/api/folder/list?type=file')).body)).toBe(1);
    const listed = await api.get(`/api/file/list?folderId=${folder.body.folderId}&type=image`);
    expect(listed.body.total_count).toBe(2);
    const bad = await api.get('/api/folder/list?type=exe');
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('type');
  });
});
