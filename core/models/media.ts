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
