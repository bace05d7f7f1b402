// A LINE Official Account Manager chat history file of any length, written as a stream.
import fs from 'node:fs';

/** Writes a manager-style CSV of `lines` lines (2 about the account, the header, then messages). */
export async function writeOamFile(at: string, lines: number): Promise<number> {
  const out = fs.createWriteStream(at);
  const write = (text: string) =>
    out.write(text) ? Promise.resolve() : new Promise<void>((resolve) => out.once('drain', () => resolve()));
  await write(
    '\uFEFFAccount name,My Shop\r\nChat name,Pranee Srisuk\r\nSender type,Sender name,Date,Time,Content\r\n',
  );
  const start = Date.UTC(2024, 0, 1, 2, 0, 0);
  const rows = lines - 3;
  for (let i = 0; i < rows; i++) {
    const at = new Date(start + i * 150_000);
    const date = `${at.getUTCFullYear()}/${String(at.getUTCMonth() + 1).padStart(2, '0')}/${String(at.getUTCDate()).padStart(2, '0')}`;
    const time = `${String(at.getUTCHours()).padStart(2, '0')}:${String(at.getUTCMinutes()).padStart(2, '0')}:${String(at.getUTCSeconds()).padStart(2, '0')}`;
    const line =
      i % 2 === 0
        ? `User,Pranee Srisuk,${date},${time},"Order ${i}: is it shipped, please?"\r\n`
        : `Account,My Shop,${date},${time},ส่งแล้วค่ะ เลขพัสดุ TH${i}\r\n`;
    await write(line);
  }
  await new Promise<void>((resolve, reject) =>
    out.end((err?: Error | null) => (err ? reject(err) : resolve())),
  );
  return rows;
}
