// The intent matcher: normalized similarity in Thai (dictionary words, polite particles ignored)
// and English; the best active intent above the threshold answers.
import { describe, expect, it } from 'vitest';
import { INTENT_MATCH_THRESHOLD, matchIntent, phraseSimilarity } from '../../../core/automation/intents';

describe('phraseSimilarity', () => {
  it.each([
    ['ราคาสินค้าเท่าไหร่คะ', 'อยากทราบราคาสินค้า', true],
    ['สาขาอยู่ที่ไหนครับ', 'ร้านอยู่ที่ไหน', true],
    ['เปิดกี่โมงคะ', 'ร้านเปิดกี่โมง', true],
    ['ขอคุยกับพนักงานหน่อยครับ', 'ขอคุยกับเจ้าหน้าที่', true],
    ['what time are you open', 'What time do you open?', true],
    ['I want to cancel my order', 'cancel order', true],
    ['สวัสดีครับ', 'อยากทราบราคาสินค้า', false],
    ['ส่งของกี่วัน', 'ราคาสินค้า', false],
    ['how much is it', 'what is the price', false],
  ])('%s ~ %s → %s', (message, phrase, like) => {
    expect(phraseSimilarity(message, phrase) >= INTENT_MATCH_THRESHOLD).toBe(like);
  });

  it('is 1 for the same words however written', () => {
    expect(phraseSimilarity('ร้าน อยู่ ที่ไหน', 'ร้านอยู่ที่ไหน')).toBe(1);
    expect(phraseSimilarity('WHERE IS THE SHOP?', 'where is the shop')).toBe(1);
  });
});

describe('matchIntent', () => {
  const intents = [
    { _id: 'price', name: 'Price', is_active: true, training_phrases: ['อยากทราบราคาสินค้า', 'how much'] },
    { _id: 'branch', name: 'Branch', is_active: true, training_phrases: ['ร้านอยู่ที่ไหน', 'where is your shop'] },
    { _id: 'off', name: 'Off', is_active: false, training_phrases: ['สาขาอยู่ที่ไหน'] },
  ];
  it('picks the most similar active intent', () => {
    const hit = matchIntent('สาขาอยู่ที่ไหนครับ', intents);
    expect(hit?.intent._id).toBe('branch');
    expect(hit?.phrase).toBe('ร้านอยู่ที่ไหน');
    expect(matchIntent('where is the shop', intents)?.intent._id).toBe('branch');
    expect(matchIntent('ราคาสินค้าเท่าไหร่คะ', intents)?.intent._id).toBe('price');
  });
  it('answers nothing below the threshold', () => {
    expect(matchIntent('ขอบคุณค่ะ', intents)).toBeNull();
    expect(matchIntent('ร้านอยู่ที่ไหน', intents, 1.01)).toBeNull();
  });
});
