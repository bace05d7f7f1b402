// What preload.tsx runs in the background once the inbox's code is in: the chat master data and
// the first page of chats for the current filter.
import { loadFirstPage, loadMasterData } from './listActions';
import { loadedKey } from './state';

export async function warmInbox() {
  await loadMasterData();
  if (loadedKey.value === null) await loadFirstPage();
}
