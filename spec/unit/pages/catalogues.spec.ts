import { expect } from 'chai';
import { CATALOGUES, chooseLanguage, localeOf } from '../../../src/pages/i18n/catalogue.js';
import { en } from '../../../src/pages/i18n/messages-en.js';

const placesOf = (text: string): string[] => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '').sort();

describe('message catalogues: every language has every key', () => {
  for (const [lang, messages] of Object.entries(CATALOGUES)) {
    it(`${lang} has exactly the English keys, none empty, with the same {places}`, () => {
      expect(Object.keys(messages).sort()).to.deep.equal(Object.keys(en).sort());
      for (const [key, text] of Object.entries(messages)) {
        expect(text.trim(), `${lang} ${key}`).to.not.equal('');
        expect(placesOf(text), `${lang} ${key}`).to.deep.equal(placesOf(en[key as keyof typeof en]));
      }
    });
  }

  it('German is really German: most of its messages differ from the English ones', () => {
    const same = Object.entries(CATALOGUES.de).filter(([key, text]) => text === en[key as keyof typeof en]);
    expect(same.length).to.be.lessThan(Object.keys(en).length / 10);
  });

  it('fills {places} and leaves an unknown place as it is', () => {
    expect(localeOf('en').t('problem.throttled', { seconds: 7 })).to.equal('Too many attempts. Try again in 7 seconds.');
    expect(localeOf('de').t('problem.throttled')).to.contain('{seconds}');
  });

  it('Accept-Language chooses by q-value, then order; a region counts as its language; English otherwise', () => {
    expect(chooseLanguage(undefined)).to.equal('en');
    expect(chooseLanguage('de')).to.equal('de');
    expect(chooseLanguage('de-AT')).to.equal('de');
    expect(chooseLanguage('fr-FR, de;q=0.5, en;q=0.4')).to.equal('de');
    expect(chooseLanguage('en;q=0.3, de;q=0.8')).to.equal('de');
    expect(chooseLanguage('de;q=0, en')).to.equal('en');
    expect(chooseLanguage('fr, es')).to.equal('en');
    expect(chooseLanguage('*')).to.equal('en');
  });
});
