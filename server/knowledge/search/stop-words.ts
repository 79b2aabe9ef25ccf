/**
 * Words too common to say what a question is about, in the six languages of the nine that
 * separate words with spaces (accents folded, lower case). Japanese, Chinese and Korean are
 * searched by character pairs instead, where rarity weighting does the same job.
 */
const LISTS = [
  // English
  "a about after all also am an and any are as at be been but by can could do does did for from get got had has have how i if in into is it its just me my no not of on or our please so than that the their them then there these they this to up us was we were what when where which who why will with would you your",
  // Spanish
  "al como con cual cuando de del donde el ella en es esta este esto hay la las le lo los me mi mis muy no o para pero por que se si sin sobre son su sus tiene un una unos y yo",
  // French
  "au aux avec ce ces comment dans de des du elle en est et il ils je la le les leur mais me mes mon ne nous ou par pas pour puis quand que qui sa se ses son sont sur un une vous votre vos y",
  // German
  "aber als am an auch auf aus bei bin bis das dass dem den der des die dies diese du ein eine einem einen einer es fur gibt habe haben hat ich ihr im in ist ja kann mein mich mit nach nicht noch oder sein sie sind so uber um und uns von vor was wenn wer wie wir wird zu zum zur",
  // Italian
  "alla alle anche che chi come con cosa da dal dei del della delle di e gli ha ho il in la le lo ma mi nel nella non per piu quale quando se si sono su sua suo un una uno",
  // Portuguese
  "ao aos as com como da das de do dos e ela ele em era esta eu isso mais mas meu minha na nas no nos o os ou para pela pelo por qual quando que se sem seu sua sao um uma",
];

export const STOP_WORDS: ReadonlySet<string> = new Set(LISTS.flatMap((list) => list.split(" ")));
