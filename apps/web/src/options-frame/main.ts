// The product options frame's entry (options-frame.html, served at /product-options/{lineId}):
// plain TypeScript and the DOM, no framework, no zod, so the whole frame stays a few KB.
import './options-frame.css';
import { WEB_CONFIG_ELEMENT_ID } from '../../../../packages/contracts/src/web/element-ids';
import { STORAGE_KEYS } from '../config/constants';
import { readJsonBlock } from '../lib/json-block';
import { startOptionsFrame } from './frame-app';

function storedLanguage(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.language);
  } catch {
    return null;
  }
}

const root = document.getElementById('root');
if (root) {
  startOptionsFrame({
    window,
    root,
    fetch: window.fetch.bind(window),
    storedLanguage: storedLanguage(),
    settings: readJsonBlock(WEB_CONFIG_ELEMENT_ID),
  });
}
