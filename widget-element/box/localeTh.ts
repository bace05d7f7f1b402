// The chat box's Thai strings as a chunk of their own (texts.ts loads it for Thai widgets).
export { widget } from '../../locales/th.json';
