// The message for a file sent in chat (spec 3, 9): an image or a video goes as itself (a video
// carries tracking id '-'); any other file as a kilo Flex bubble, alt text 'Send Files', showing
// its name, type and size with a Download button that opens the file.
import { formatFileSize } from '../format/numbers';
import { linkFooter } from './flexParts';
import type { FlexBubble, FlexMessage } from './flexTypes';
import { LINE_LIMITS as L, LIMIT_MESSAGES as M } from './limits';
import { checkLineMessage, httpsProblem, uriProblem } from './lineCheck';
import { type ConvertResult, failure, guarded, Problems } from './result';

export const FILE_MESSAGE = {
  altText: 'Send Files',
  bubbleSize: 'kilo',
  downloadLabel: 'Download',
  videoTrackingId: '-',
} as const;

export interface SentFile {
  name: string;
  url: string;
  /** Bytes. */
  size: number;
  /** Content type, e.g. application/pdf. */
  type?: string;
  extension?: string;
  category?: 'image' | 'video' | 'file';
  /** Preview image of an image or video (spec 3 thumbnailVideoImageUrl). */
  previewUrl?: string;
}

export type LineFileMessage =
  | FlexMessage
  | { type: 'image'; originalContentUrl: string; previewImageUrl: string }
  | { type: 'video'; originalContentUrl: string; previewImageUrl: string; trackingId: string };

/** Spec 9: sizes in Bytes, KB, MB, GB or TB (1024 steps, up to two decimals). */
/** What the card shows as the type: the extension in capitals, else the content type. */
export function fileTypeLabel(file: Pick<SentFile, 'name' | 'type' | 'extension'>): string {
  const ext = (file.extension ?? /\.([^./]+)$/.exec(file.name)?.[1] ?? '').replace(/^\./, '');
  return ext ? ext.toUpperCase() : (file.type ?? 'File');
}

export function fileCardBubble(file: SentFile): FlexBubble {
  return {
    type: 'bubble',
    size: FILE_MESSAGE.bubbleSize,
    body: {
      type: 'box',
      layout: 'vertical',
      spacing: 'sm',
      contents: [
        { type: 'text', text: file.name || 'File', weight: 'bold', wrap: true },
        {
          type: 'text',
          text: `${fileTypeLabel(file)} · ${formatFileSize(file.size)}`,
          size: 'sm',
          color: '#7F7F7F',
        },
      ],
    },
    footer: linkFooter(FILE_MESSAGE.downloadLabel, file.url),
  };
}

function categoryOf(file: SentFile): 'image' | 'video' | 'file' {
  if (file.category) return file.category;
  if (file.type?.startsWith('image/')) return 'image';
  if (file.type?.startsWith('video/')) return 'video';
  return 'file';
}

/** The LINE message for a sent file; never throws. */
export function toLineFileMessage(file: SentFile): ConvertResult<LineFileMessage> {
  return guarded<LineFileMessage>(() => {
    const problems = new Problems();
    const category = categoryOf(file);
    if (category === 'file') {
      problems.add('url', uriProblem(file.url));
      if (!problems.empty) return failure(problems.errors);
      const message: FlexMessage = {
        type: 'flex',
        altText: FILE_MESSAGE.altText,
        contents: fileCardBubble(file),
      };
      const errors = checkLineMessage(message);
      return errors.length ? failure(errors) : { ok: true, message };
    }
    const preview = file.previewUrl ?? (category === 'image' ? file.url : '');
    problems.add('url', httpsProblem(file.url, L.imageUrl));
    problems.add('previewUrl', preview ? httpsProblem(preview, L.imageUrl) : M.required);
    if (!problems.empty) return failure(problems.errors);
    if (category === 'image')
      return { ok: true, message: { type: 'image', originalContentUrl: file.url, previewImageUrl: preview } };
    return {
      ok: true,
      message: {
        type: 'video',
        originalContentUrl: file.url,
        previewImageUrl: preview,
        trackingId: FILE_MESSAGE.videoTrackingId,
      },
    };
  });
}
