// The one check of a checkout answer and a name on a ticket (decision 130), kind by kind.
import { describe, expect, it } from 'vitest';
import { answerText, checkAnswer, checkHolderName, isPlausiblePhone, QUESTION_MESSAGES } from './questions.js';

const rule = (kind: Parameters<typeof checkAnswer>[0]['kind'], required = false, options: string[] = []) => ({
  kind,
  required,
  options,
});

describe('checkAnswer', () => {
  it('refuses a required answer left empty, and stores nothing for an optional one', () => {
    expect(checkAnswer(rule('short_text', true), '  ')).toEqual({ error: QUESTION_MESSAGES.required });
    expect(checkAnswer(rule('short_text'), '')).toEqual({ value: '' });
    expect(checkAnswer(rule('checkbox', true), undefined)).toEqual({ error: QUESTION_MESSAGES.checkboxRequired });
    expect(checkAnswer(rule('checkbox'), 'yes')).toEqual({ value: 'yes' });
    expect(checkAnswer(rule('checkbox'), 'maybe')).toEqual({ error: QUESTION_MESSAGES.chooseListed });
  });

  it('takes only the options of a choice question, a multiple choice in the question’s order', () => {
    const single = rule('single_choice', true, ['None', 'Vegan']);
    expect(checkAnswer(single, 'Vegan')).toEqual({ value: 'Vegan' });
    expect(checkAnswer(single, 'vegan')).toEqual({ error: QUESTION_MESSAGES.chooseListed });
    expect(checkAnswer(single, '')).toEqual({ error: QUESTION_MESSAGES.chooseOne });
    const multiple = rule('multiple_choice', false, ['A', 'B', 'C']);
    expect(checkAnswer(multiple, ['C', 'A'])).toEqual({ value: 'A\nC' });
    expect(checkAnswer(multiple, ['A', 'Z'])).toEqual({ error: QUESTION_MESSAGES.chooseListed });
    expect(checkAnswer(multiple, [])).toEqual({ value: '' });
  });

  it('checks lengths and characters: one line for short answers, line breaks allowed in long ones', () => {
    expect(checkAnswer(rule('short_text'), 'x'.repeat(201))).toEqual({ error: QUESTION_MESSAGES.tooLong(200) });
    expect(checkAnswer(rule('long_text'), 'x'.repeat(2001))).toEqual({ error: QUESTION_MESSAGES.tooLong(2000) });
    expect(checkAnswer(rule('short_text'), 'a\nb')).toEqual({ error: QUESTION_MESSAGES.badCharacters });
    expect(checkAnswer(rule('long_text'), 'a\nb')).toEqual({ value: 'a\nb' });
    expect(checkAnswer(rule('long_text'), 'a\u0007b')).toEqual({ error: QUESTION_MESSAGES.badCharacters });
  });

  it('takes real dates only, plausible phones and countries of the list', () => {
    expect(checkAnswer(rule('date'), '2028-02-29')).toEqual({ value: '2028-02-29' });
    expect(checkAnswer(rule('date'), '2027-02-29')).toEqual({ error: QUESTION_MESSAGES.date });
    expect(checkAnswer(rule('date'), '29/02/2028')).toEqual({ error: QUESTION_MESSAGES.date });
    expect(isPlausiblePhone('+44 (0)20 7946 0958')).toBe(true);
    expect(isPlausiblePhone('12345')).toBe(false);
    expect(isPlausiblePhone('+1 234 567 890 123 456 7')).toBe(false);
    expect(checkAnswer(rule('phone'), 'ring me')).toEqual({ error: QUESTION_MESSAGES.phone });
    expect(checkAnswer(rule('country'), 'FR')).toEqual({ value: 'FR' });
    expect(checkAnswer(rule('country'), 'XX')).toEqual({ error: QUESTION_MESSAGES.country });
  });
});

describe('checkHolderName and answerText', () => {
  it('requires a name only when the event says so, and bounds it', () => {
    expect(checkHolderName('required', ' ')).toEqual({ error: QUESTION_MESSAGES.nameRequired });
    expect(checkHolderName('optional', '')).toEqual({ value: '' });
    expect(checkHolderName('off', 'ignored')).toEqual({ value: '' });
    expect(checkHolderName('required', 'x'.repeat(101))).toEqual({ error: QUESTION_MESSAGES.nameTooLong });
    expect(checkHolderName('required', ' Ada ')).toEqual({ value: 'Ada' });
  });

  it('reads stored values as people do', () => {
    expect(answerText('multiple_choice', 'A\nC')).toBe('A, C');
    expect(answerText('checkbox', 'yes')).toBe('Yes');
    expect(answerText('country', 'DE')).toBe('Germany');
  });
});
