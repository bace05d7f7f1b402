// Picks the media store by configuration: S3-compatible when S3_BUCKET is set, else DATA_DIR/media.
import path from 'node:path';
import type { Config } from '../config';
import type { AppContext } from '../context';
import { createLocalStorage } from './localStorage';
import { createS3Storage } from './s3Storage';
import type { MediaStorage } from './storage';

export function localMediaRoot(config: Config): string {
  return path.join(config.dataDir, 'media');
}

/** Uploads are received here before they are checked; always local, whatever the store is. */
export function incomingDir(config: Config): string {
  return path.join(localMediaRoot(config), '.incoming');
}

export function createStorage(config: Config): MediaStorage {
  return config.s3 ? createS3Storage(config.s3) : createLocalStorage(localMediaRoot(config));
}

const stores = new WeakMap<AppContext, MediaStorage>();

/** The media store of this server (one per app, chosen by configuration). */
export function mediaStorage(ctx: AppContext): MediaStorage {
  let store = stores.get(ctx);
  if (!store) {
    store = createStorage(ctx.config);
    stores.set(ctx, store);
  }
  return store;
}
