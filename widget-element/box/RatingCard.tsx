// The post-chat rating card (issue 12): after the agent closes the chat, the visitor picks 1 to 5
// stars (native radios, so arrow keys and screen readers work as with any choice) and sends them
// once; the card then thanks them. A failed send keeps the choice and may be sent again.
import { useId, useState } from 'react';
import type { Controller, RatingPrompt } from './controller';
import css from './rating.css';
import type { Translate } from './texts';

const SCORES = [1, 2, 3, 4, 5] as const;

export function RatingCard({
  prompt,
  controller,
  t,
}: {
  prompt: RatingPrompt;
  controller: Controller;
  t: Translate;
}) {
  const name = useId();
  const [chosen, setChosen] = useState(prompt.score);

  if (prompt.status === 'sent')
    return (
      <section className="rating done" aria-label={t('rating.title')}>
        <style>{css}</style>
        <p className="stars" role="img" aria-label={t('rating.rated', { n: prompt.score })}>
          {SCORES.map((n) => (
            <span key={n} className={n <= prompt.score ? 'star on' : 'star'} aria-hidden="true">
              ★
            </span>
          ))}
        </p>
        <p role="status">{t('rating.thanks')}</p>
      </section>
    );

  const sending = prompt.status === 'sending';
  return (
    <form
      className="rating"
      onSubmit={(e) => {
        e.preventDefault();
        if (chosen) void controller.rate(chosen);
      }}
    >
      <style>{css}</style>
      <fieldset disabled={sending}>
        <legend>{t('rating.title')}</legend>
        <div className="stars">
          {SCORES.map((n) => (
            <label key={n} className={n <= chosen ? 'star on' : 'star'}>
              <input
                type="radio"
                className="sr"
                name={name}
                value={n}
                checked={chosen === n}
                onChange={() => setChosen(n)}
              />
              <span aria-hidden="true">★</span>
              <span className="sr">{t('rating.star', { n })}</span>
            </label>
          ))}
        </div>
        <button type="submit" className="rate" disabled={!chosen}>
          {sending ? t('sending') : t('rating.send')}
        </button>
      </fieldset>
      {prompt.status === 'failed' ? (
        <p className="rating-error" role="alert">
          {t('rating.failed')}
        </p>
      ) : null}
    </form>
  );
}
