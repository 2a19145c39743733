/**
 * Rank 1 "sensitive" terms for the word-list filter, after the retired GPT-3 content filter's
 * meaning: politics, religion, protected classes, self-harm and suicide, drugs, weapons and
 * violence. Lower case, matched as whole words (a trailing plural "s" allowed). Hand-kept and
 * short on purpose: terms that also name everyday things ("gun" in "glue gun", "bomb" in
 * "bath bomb", "shooting" in "shooting star") are left out, since a warning on ordinary
 * keywords would teach users to ignore it. Profanity and slurs are rank 2, from obscenity.
 */
export const SENSITIVE_TERMS: readonly string[] = [
  // politics
  'abortion',
  'election',
  'democrat',
  'republican',
  'immigration',
  'refugee',
  'political party',
  'gun control',
  'propaganda',
  'extremism',
  'terrorism',
  'terrorist',
  // religion
  'religion',
  'islam',
  'muslim',
  'christianity',
  'judaism',
  'hinduism',
  'atheism',
  'jihad',
  'blasphemy',
  // protected classes
  'racism',
  'racist',
  'sexism',
  'homophobia',
  'transgender',
  'ethnicity',
  'white supremacy',
  'antisemitism',
  // self-harm and suicide
  'suicide',
  'suicidal',
  'self harm',
  'self-harm',
  'overdose',
  'anorexia',
  'eating disorder',
  // drugs
  'cocaine',
  'heroin',
  'meth',
  'methamphetamine',
  'fentanyl',
  'opioid',
  'marijuana',
  'cannabis',
  'narcotic',
  // weapons
  'firearm',
  'handgun',
  'assault rifle',
  'ammunition',
  'explosive',
  // violence
  'murder',
  'massacre',
  'genocide',
  'torture',
  'mass shooting',
  'domestic violence',
  'war crime',
];
