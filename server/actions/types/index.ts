// One module per action type (spec 3 "Types offered in the editor"), shared by every channel.
import type { ActionHandler } from '../run';
import { runApiCondition } from './apiCondition';
import { runFlow } from './flow';
import { runFromApi } from './fromApi';
import { runTel, runUri } from './link';
import { runLocation } from './location';
import { runMessage } from './message';
import { runTalkToHuman } from './talkToHuman';
import { runTemplate } from './templateId';
import { runLogout, runVerify } from './verify';

const BY_TYPE: Record<string, ActionHandler> = {
  message: runMessage,
  uri: runUri,
  tel: runTel,
  templateId: runTemplate,
  talkToHuman: runTalkToHuman,
  location: runLocation,
  verify: runVerify,
  logout: runLogout,
  apiCondition: runApiCondition,
  flow: runFlow,
};

export const ACTION_HANDLERS: Record<string, ActionHandler> = {
  ...BY_TYPE,
  fromApi: (run) => runFromApi(run, BY_TYPE),
};
