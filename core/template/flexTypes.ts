// The subset of LINE Flex that our converters emit (shapes from line-openapi/messaging-api.yml),
// typed so the editor's preview can render it without guessing.

export type LineAction =
  | { type: 'message'; label?: string; text: string }
  | { type: 'uri'; label?: string; uri: string }
  | { type: 'postback'; label?: string; data: string; displayText?: string };

interface Positioned {
  flex?: number;
  margin?: string;
  position?: 'relative' | 'absolute';
  offsetTop?: string;
  offsetBottom?: string;
  offsetStart?: string;
  offsetEnd?: string;
}

export interface FlexSpan {
  type: 'span';
  text: string;
  size?: string;
  color?: string;
  weight?: 'regular' | 'bold';
  style?: 'normal' | 'italic';
  decoration?: 'none' | 'underline' | 'line-through';
}

export interface FlexText extends Positioned {
  type: 'text';
  text: string;
  contents?: FlexSpan[];
  size?: string;
  color?: string;
  weight?: 'regular' | 'bold';
  style?: 'normal' | 'italic';
  decoration?: 'none' | 'underline' | 'line-through';
  align?: 'start' | 'end' | 'center';
  wrap?: boolean;
  action?: LineAction;
}

export interface FlexImage extends Positioned {
  type: 'image';
  url: string;
  size?: string;
  aspectRatio?: string;
  aspectMode?: 'cover' | 'fit';
  action?: LineAction;
}

export interface FlexButton extends Positioned {
  type: 'button';
  action: LineAction;
  style?: 'primary' | 'secondary' | 'link';
  color?: string;
  height?: 'sm' | 'md';
}

export interface FlexSeparator {
  type: 'separator';
  margin?: string;
  color?: string;
}

export interface FlexBox extends Positioned {
  type: 'box';
  layout: 'horizontal' | 'vertical' | 'baseline';
  contents: FlexComponent[];
  spacing?: string;
  backgroundColor?: string;
  cornerRadius?: string;
  width?: string;
  paddingAll?: string;
  paddingTop?: string;
  paddingBottom?: string;
  paddingStart?: string;
  paddingEnd?: string;
  justifyContent?: 'center' | 'flex-start' | 'flex-end';
  alignItems?: 'center' | 'flex-start' | 'flex-end';
  action?: LineAction;
}

export type FlexComponent = FlexBox | FlexText | FlexImage | FlexButton | FlexSeparator;

export interface FlexBubble {
  type: 'bubble';
  size?: 'nano' | 'micro' | 'deca' | 'hecto' | 'kilo' | 'mega' | 'giga';
  header?: FlexBox;
  hero?: FlexBox | FlexImage;
  body?: FlexBox;
  footer?: FlexBox;
}

export interface FlexCarousel {
  type: 'carousel';
  contents: FlexBubble[];
}

export interface FlexMessage {
  type: 'flex';
  altText: string;
  contents: FlexBubble | FlexCarousel;
}
