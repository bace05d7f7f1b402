// Built from emojibase-data by build.ts (emojiData): [emoji, group, label, keywords] rows.
declare module 'emoji-data/*' {
  const rows: [emoji: string, group: number, label: string, keywords: string][];
  export default rows;
}
