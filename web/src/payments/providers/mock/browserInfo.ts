/** The browser info Adyen's card component sends for 3DS2 (what `card.data.browserInfo` holds). */
export function browserInfo(): Record<string, unknown> {
  return {
    acceptHeader: '*/*',
    colorDepth: screen.colorDepth,
    language: navigator.language,
    javaEnabled: false,
    screenHeight: screen.height,
    screenWidth: screen.width,
    userAgent: navigator.userAgent,
    timeZoneOffset: new Date().getTimezoneOffset(),
  };
}
