import { describe, expect, it } from "vitest";
import { type Lang, defaultLang, dictionaries, en, profileName, ru, translate } from "./i18n";
import { FORMS, pluralsIn } from "./plural";

describe("Russian and English are complete", () => {
  it("every key is in both languages, and none is empty", () => {
    const keys = Object.keys(en).sort();
    expect(Object.keys(ru).sort()).toEqual(keys);
    for (const lang of ["en", "ru"] as Lang[]) {
      for (const key of keys)
        expect(dictionaries[lang][key as keyof typeof en].trim(), `${lang}.${key}`).not.toBe("");
    }
  });
  it("both texts of a key take the same parameters", () => {
    // a parameter may be written in several plural forms: each counts once
    const params = (s: string) => [...new Set([...s.matchAll(/\{(\w+)[}|]/g)].map((m) => m[1]))].sort();
    for (const key of Object.keys(en) as (keyof typeof en)[])
      expect(params(ru[key]), key).toEqual(params(en[key]));
  });
  it("every plural has its language's forms (English two, Russian three) and no '(s)' is left", () => {
    for (const lang of ["en", "ru"] as Lang[])
      for (const [key, text] of Object.entries(dictionaries[lang])) {
        for (const forms of pluralsIn(text)) expect(forms.length, `${lang}.${key}`).toBe(FORMS[lang].length);
        expect(text, `${lang}.${key}`).not.toMatch(/\((s|ы|а|ов|и)\)/);
      }
  });
  it("every profile of the casino has a name in both languages", () => {
    // Every profile the server ships (src/croupier/profiles/*.toml), not a list kept by hand.
    const files = import.meta.glob("../../../src/croupier/profiles/*.toml", { query: "?raw" });
    const profiles = Object.keys(files).map((path) => path.replace(/^.*\/(.+)\.toml$/, "$1"));
    expect(profiles.length).toBeGreaterThan(10);
    for (const p of profiles) {
      expect(profileName("ru", p)).not.toBe(p);
      expect(profileName("en", p)).not.toBe(p);
    }
  });
  it("Russian by default for a Russian browser, English otherwise, the saved choice first", () => {
    expect(defaultLang(null, ["ru-RU", "en"])).toBe("ru");
    expect(defaultLang(null, ["en-GB"])).toBe("en");
    expect(defaultLang("en", ["ru-RU"])).toBe("en");
  });
  it("parameters are filled in", () => {
    expect(translate("ru", "box", { n: 3 })).toBe("Бокс 3");
  });
});
