// The platforms' limits from shared/reference/line-limits.md as named constants. LINE's OpenAPI
// file gives shapes; these live only in prose, so converters and `checkLineMessage` enforce them.
import { MESSAGES } from '../validation/rules';

export const LINE_LIMITS = {
  /** Messages in one reply or push. */
  messagesPerRequest: 5,
  textMessage: 5000,
  altText: 1500,
  /** JSON bytes of one bubble / one carousel. "30 KB" is read as 30,000 bytes to stay on the safe side. */
  bubbleBytes: 30_000,
  carouselBytes: 50_000,
  carouselBubbles: 12,
  /** Graphemes. */
  flexButtonLabel: 40,
  flexActionLabel: 40,
  quickReplyLabel: 20,
  richMenuLabel: 20,
  /** Graphemes. */
  messageActionText: 300,
  uri: 1000,
  postbackData: 300,
  /** Graphemes. */
  postbackDisplayText: 300,
  imageUrl: 2000,
  quickReplyItems: 13,
  aspectRatioMax: 100_000,
  /** Height may be at most three times the width. */
  aspectRatioHeightFactor: 3,
  imagemapBaseWidth: 1040,
  imagemapAltText: 1500,
  imagemapActions: 50,
  imagemapMessageText: 400,
  imagemapLinkUri: 1000,
  richMenuChatBarText: 14,
  richMenuName: 300,
  richMenuAreas: 20,
} as const;

export const LINE_URI_SCHEMES = ['http', 'https', 'line', 'tel'] as const;
export const LINE_BUBBLE_SIZES = ['nano', 'micro', 'deca', 'hecto', 'kilo', 'mega', 'giga'] as const;
export type BubbleSize = (typeof LINE_BUBBLE_SIZES)[number];
/** Actions LINE accepts only on quick reply buttons. */
export const QUICK_REPLY_ONLY_ACTIONS = ['camera', 'cameraRoll', 'location'] as const;

export const META_LIMITS = {
  text: 2000,
  genericElements: 10,
  title: 80,
  subtitle: 80,
  buttons: 3,
  buttonTemplateText: 640,
  buttonTemplateMinButtons: 1,
  quickReplies: 13,
  quickReplyTitle: 20,
  quickReplyPayload: 1000,
  buttonTitle: 20,
  postbackPayload: 1000,
  mediaElements: 1,
  mediaButtons: 1,
} as const;

/** Texts of the limit errors; the spec's own texts where it has one. */
export const LIMIT_MESSAGES = {
  required: MESSAGES.required,
  tooLong: MESSAGES.maxLength,
  url: MESSAGES.url,
  color: MESSAGES.color,
  integer: MESSAGES.number,
  time: MESSAGES.time,
  imageHttps: 'Images must use an https address.',
  imageType: 'Images must be JPEG or PNG.',
  aspectRatio: 'aspect ratio is invalid format',
  keyword: 'Use a listed keyword or a pixel value.',
  bubbleBytes: `A bubble can hold at most ${LINE_LIMITS.bubbleBytes / 1000} KB.`,
  carouselBytes: `A carousel can hold at most ${LINE_LIMITS.carouselBytes / 1000} KB.`,
  carouselBubbles: `A carousel can hold at most ${LINE_LIMITS.carouselBubbles} bubbles.`,
  sameSize: 'All bubbles of a carousel must have the same size.',
  baselineChild: 'A baseline box can hold only icons, texts and fillers.',
  quickReplyOnly: 'This action works only on quick reply buttons.',
  imagemapWidth: `An image map must be ${LINE_LIMITS.imagemapBaseWidth} pixels wide.`,
  imagemapArea: 'The area must lie inside the image.',
  tooMany: (max: number) => `At most ${max} are allowed.`,
  messagesPerRequest: `Send 1 to ${LINE_LIMITS.messagesPerRequest} messages at a time.`,
  unknownType: 'This type is not supported.',
} as const;

export { checkLineMessage, checkLineMessages } from './lineCheck';
