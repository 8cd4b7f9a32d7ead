// Passkeys on the pages: the one thing that needs JavaScript. Each button names its flow in
// data-passkey; the JSON API does the work (same rules, same events), this only carries the
// browser's WebAuthn answer to it and then goes where the page said.
(() => {
  const webauthn = window.SimpleWebAuthnBrowser;
  if (!webauthn || !webauthn.browserSupportsWebAuthn()) return;

  const post = async (path, body) => {
    const response = await fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const payload = response.status === 204 ? null : await response.json().catch(() => null);
    if (!response.ok) throw Object.assign(new Error('refused'), { code: payload && payload.code });
    return payload;
  };

  // The page put a checked path here; still, go only to a path of this origin, as the browser
  // resolves it (`/..//host` is `//host`), never to whatever the attribute says.
  const landing = (button) => {
    const wanted = button.dataset.returnTo || '';
    const ownPath = (text) => text.startsWith('/') && text.charAt(1) !== '/' && text.charAt(1) !== '\\';
    try {
      const url = new window.URL(wanted, window.location.origin);
      if (ownPath(wanted) && url.origin === window.location.origin && ownPath(url.pathname)) return url.href;
    } catch {
      // not a URL at all: the account page
    }
    return '/gatehouse/account';
  };

  const flows = {
    'sign-in': async () => {
      const options = await post('/api/v1/auth/passkey/options');
      await post('/api/v1/auth/passkey', { response: await webauthn.startAuthentication({ optionsJSON: options }) });
    },
    'second-factor': async () => {
      const options = await post('/api/v1/auth/mfa/passkey/options');
      await post('/api/v1/auth/mfa/passkey', { response: await webauthn.startAuthentication({ optionsJSON: options }) });
    },
    'step-up': async () => {
      const options = await post('/api/v1/auth/step-up/passkey/options');
      await post('/api/v1/auth/step-up/passkey', { response: await webauthn.startAuthentication({ optionsJSON: options }) });
    },
    register: async (button) => {
      const form = button.form;
      const password = form.elements.namedItem('password');
      const name = form.elements.namedItem('name');
      const fields = [['name', name ? name.value : '']];
      try {
        const options = await post('/api/v1/mfa/passkeys/options', { password: password ? password.value : '' });
        fields.push(['response', JSON.stringify(await webauthn.startRegistration({ optionsJSON: options }))]);
      } catch (error) {
        // A stale proof: the name alone goes to the page, whose detour keeps it for after the
        // confirm page, as it keeps any form's input (the password is never kept).
        if (error.code !== 'step_up_required') throw error;
      }
      // Posted as a form, so the page answers as every form does: a 303, and recovery codes shown once.
      const submit = document.createElement('form');
      submit.method = 'post';
      submit.action = '/gatehouse/account/passkeys';
      submit.hidden = true;
      for (const [key, value] of fields) {
        const input = document.createElement('input');
        input.type = 'hidden';
        input.name = key;
        input.value = value;
        submit.append(input);
      }
      document.body.append(submit);
      submit.submit();
      return 'navigating';
    },
  };

  document.querySelectorAll('[data-passkey]').forEach((button) => {
    const flow = flows[button.dataset.passkey];
    if (!flow) return;
    const container = button.closest('.passkey-only');
    if (container) container.hidden = false;
    button.hidden = false;
    const problem = (button.closest('form, .passkey-only') || document).querySelector('[data-passkey-problem]');
    button.addEventListener('click', async () => {
      if (problem) problem.textContent = '';
      button.disabled = true;
      try {
        if ((await flow(button)) === 'navigating') return;
        // The confirm page: its own form goes on, so a waiting action is carried out as after a code.
        const then = button.dataset.thenSubmit ? document.getElementById(button.dataset.thenSubmit) : null;
        if (then instanceof window.HTMLFormElement) {
          then.submit();
          return;
        }
        window.location.assign(landing(button));
      } catch (error) {
        if (error.code === 'step_up_required') {
          window.location.assign('/gatehouse/confirm?return_to=' + encodeURIComponent(window.location.pathname));
          return;
        }
        if (error.code === 'not_authenticated' && button.dataset.passkey === 'second-factor') {
          window.location.assign('/gatehouse/sign-in');
          return;
        }
        if (problem) problem.textContent = button.dataset.failed;
      } finally {
        button.disabled = false;
      }
    });
  });
})();
