// The media library (spec 3 "Media", spec 7 media calls).
import { boolean, defaulted, enums, type Infer, nullable, number, optional, string, type } from 'superstruct';

export const Resolution = type({ width: number(), height: number() });
export type Resolution = Infer<typeof Resolution>;

export const FILE_CATEGORIES = ['image', 'video', 'file'] as const;
export type FileCategory = (typeof FILE_CATEGORIES)[number];

export const MediaFile = type({
  id: string(),
  name: string(),
  url: string(),
  urlOriginal: optional(string()),
  created: optional(string()),
  type: string(),
  extension: string(),
  size: number(),
  createdBy: optional(nullable(string())),
  isSelected: defaulted(boolean(), false),
  isImage: defaulted(boolean(), false),
  isVideo: defaulted(boolean(), false),
  isDoc: defaulted(boolean(), false),
  attachmentId: optional(nullable(string())),
  resolution: optional(nullable(Resolution)),
  thumbnailVideoImageUrl: optional(nullable(string())),
});
export type MediaFile = Infer<typeof MediaFile>;

/** Stored files are served at /media/{fileId}/{name}; only the id is looked up, the name is for people. */
export const MEDIA_PATH = '/media';

export const mediaFilePath = (id: string, name: string) => `${MEDIA_PATH}/${id}/${encodeURIComponent(name)}`;

const MEDIA_FILE_ADDRESS = /^(https?:\/\/[^/?#]+)?\/media\/([a-z0-9]{20})\/([^/?#]+)$/;

/** The parts of a /media/{id}/{name} address (a path, or absolute with its origin), or null. */
export function mediaFileAddress(url: unknown): { origin: string | null; id: string; name: string } | null {
  const match = typeof url === 'string' ? MEDIA_FILE_ADDRESS.exec(url.trim()) : null;
  return match ? { origin: match[1] ?? null, id: match[2], name: match[3] } : null;
}

export interface Folder {
  id: string;
  name: string;
  isDefault: boolean;
  subfolders: Folder[];
  isEdit: boolean;
}

/** A folder as GET /api/folder/list sends it; `folderame` is spelled as spec 7 writes it. */
export interface FolderListItem {
  folderId: string;
  folderame: string;
  is_default: boolean;
  subfolders?: FolderListItem[];
}

/** The one place the wire folder becomes the UI folder. */
export function folderFromWire(item: FolderListItem): Folder {
  return {
    id: item.folderId,
    name: item.folderame,
    isDefault: Boolean(item.is_default),
    subfolders: (item.subfolders ?? []).map(folderFromWire),
    isEdit: false,
  };
}

/** Disk space in bytes. */
export const Storage = type({ use: number(), limit: number() });
export type Storage = Infer<typeof Storage>;

/** What the browser learns about a picked file before upload (spec 3 "File info after reading"). */
export const FileInfo = type({
  tempId: string(),
  extension: string(),
  resolution: optional(nullable(Resolution)),
  url: optional(string()),
  base64: optional(string()),
  size: number(),
  type: string(),
  name: string(),
  lastModified: optional(number()),
  category: enums(FILE_CATEGORIES),
});
export type FileInfo = Infer<typeof FileInfo>;

/** Spec 9: media list page size 300, newest first. */
export const MEDIA_PAGE_SIZE = 300;
export const MEDIA_DEFAULT_SORT = { sortField: 'createdDate', sortAsc: false } as const;

/** A library file as /api/file/list answers it: spec 3's file plus where it lives and who made it. */
export type LibraryFile = MediaFile & {
  created: string;
  folderId: string;
  category: FileCategory;
  thumbnailUrl?: string | null;
  createdBy?: string | null;
};

/** A folder of /api/folder/list, with its sub-folders. */
export interface FolderItem extends FolderListItem {
  parent_id: string | null;
  file_count: number;
  subfolders: FolderItem[];
}

export interface FilePage {
  files: LibraryFile[];
  total_count: number;
}
