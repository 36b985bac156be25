/**
 * Starts the BankID app on this device (autostart), for the sign-in's waiting page and the signing dialog alike.
 * The desktop app's own scheme (`bankid:///?autostarttoken=…`) goes through a hidden frame: where no app answers
 * it, a top-level navigation would replace the page with the browser's error page in some browsers (Firefox), and
 * the polling page with it. The phone's universal link (https) needs the page itself to go there.
 */
export function launchBankIdApp(url: string): void {
  if (url.startsWith("bankid:")) {
    const frame = document.createElement("iframe");
    frame.hidden = true;
    frame.title = "BankID";
    frame.src = url;
    document.body.appendChild(frame);
    return;
  }
  window.location.href = url;
}
