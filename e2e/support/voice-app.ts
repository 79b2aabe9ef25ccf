/** The app the voice journeys use: model and speech-to-text through the fake provider (see playwright.config.ts). */
export const VOICE_APP = "http://127.0.0.1:5102";
