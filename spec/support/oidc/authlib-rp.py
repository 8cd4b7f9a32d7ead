"""A relying party written with Authlib (Debian's python3-authlib), driven by a spec over stdin.

Each line on stdin is a JSON command; each answer is one JSON line on stdout: {"ok": true, ...}
or {"ok": false, "error": <Authlib's error name>, "description": ...}. The protocol work is
Authlib's: its OAuth2Client builds the authorization URL (PKCE S256, nonce, state), redeems the
code, refreshes and revokes with client_secret_basic or client_secret_post; authlib.jose verifies
the ID token's signature against the provider's JWKS and authlib.oidc.core's CodeIDToken checks
iss, aud, exp, iat, nonce, azp and at_hash. Only the transport is this file's: urllib stands in
for `requests`, which Debian's python3 may not have.

Settings come from the environment: GATEHOUSE_ISSUER, CLIENT_ID, CLIENT_SECRET, REDIRECT_URI and
AUTH_METHOD (client_secret_basic or client_secret_post).
"""
import json
import os
import sys
import urllib.error
import urllib.parse
import urllib.request

try:
    from authlib.common.security import generate_token
    from authlib.jose import JsonWebKey, JsonWebToken
    from authlib.jose.errors import JoseError
    from authlib.oauth2.client import OAuth2Client
    from authlib.oauth2.base import OAuth2Error
    from authlib.oidc.core import CodeIDToken, UserInfo
    import authlib
except ImportError as missing:
    print(json.dumps({'ok': False, 'error': 'missing_module', 'description': str(missing)}), flush=True)
    sys.exit(3)

# Only the asymmetric algorithms: an ID token for a confidential client is never accepted unsigned
# or signed with the shared secret here, whatever the discovery document lists.
ASYMMETRIC = ('RS256', 'PS256', 'ES256', 'EdDSA')


class Response:
    """The little of a `requests` response that Authlib's OAuth2Client reads."""

    def __init__(self, status_code, headers, text):
        self.status_code = status_code
        self.headers = headers
        self.text = text

    def json(self):
        return json.loads(self.text)

    def raise_for_status(self):
        if self.status_code >= 400:
            raise OAuth2Error(error='http_%d' % self.status_code, description=self.text[:200])


class UrllibSession:
    """The `session` Authlib's OAuth2Client is given: post and request, over urllib, no proxies."""

    def __init__(self):
        self.opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
        self.sent = []

    def post(self, url, data=None, headers=None, auth=None, **_):
        return self.request('POST', url, data=data, headers=headers, auth=auth)

    def request(self, method, url, data=None, headers=None, auth=None, **_):
        headers = dict(headers or {})
        body = urllib.parse.urlencode(data or {}) if method == 'POST' else ''
        if auth is not None:
            url, headers, body = auth.prepare(method, url, headers, body)
        self.sent.append({'method': method, 'url': url, 'basic': headers.get('Authorization', '').startswith('Basic '),
                          'fields': sorted(urllib.parse.parse_qs(body).keys())})
        request = urllib.request.Request(url, data=body.encode() if method == 'POST' else None, headers=headers, method=method)
        try:
            with self.opener.open(request, timeout=30) as answer:
                return Response(answer.status, dict(answer.headers), answer.read().decode())
        except urllib.error.HTTPError as refused:
            return Response(refused.code, dict(refused.headers), refused.read().decode())


class RelyingParty:
    def __init__(self):
        self.issuer = os.environ['GATEHOUSE_ISSUER']
        self.session = UrllibSession()
        self.client = OAuth2Client(
            self.session,
            client_id=os.environ['CLIENT_ID'],
            client_secret=os.environ['CLIENT_SECRET'],
            token_endpoint_auth_method=os.environ.get('AUTH_METHOD', 'client_secret_basic'),
            revocation_endpoint_auth_method=os.environ.get('AUTH_METHOD', 'client_secret_basic'),
            scope='openid email profile offline_access',
            redirect_uri=os.environ['REDIRECT_URI'],
            code_challenge_method='S256',
        )
        self.metadata = None
        self.jwks = None
        self.jwks_fetches = 0
        self.pending = None
        self.id_token = None
        self.claims = None

    def get_json(self, url):
        answer = self.session.request('GET', url)
        answer.raise_for_status()
        return answer.json()

    # --- the commands ---

    def discover(self, _):
        metadata = self.get_json(self.issuer + '/.well-known/openid-configuration')
        if metadata.get('issuer') != self.issuer:
            raise OAuth2Error(error='issuer_mismatch', description='the discovery document names another issuer')
        self.metadata = metadata
        return {'authlib': authlib.__version__, 'metadata': metadata}

    def authorize(self, command):
        verifier = generate_token(48)
        nonce = generate_token(20)
        url, state = self.client.create_authorization_url(
            self.metadata['authorization_endpoint'], code_verifier=verifier, nonce=nonce, **command.get('params', {}))
        self.pending = {'verifier': verifier, 'nonce': nonce, 'state': state}
        return {'url': url, 'state': state, 'nonce': nonce}

    def callback(self, command):
        pending, self.pending = self.pending, None
        token = self.client.fetch_token(
            self.metadata['token_endpoint'], authorization_response=command['url'],
            state=pending['state'], code_verifier=pending['verifier'])
        return self.accept_id_token(token, pending['nonce'])

    def refresh(self, _):
        token = self.client.refresh_token(self.metadata['token_endpoint'])
        before = self.claims
        # OpenID Connect Core 12.2: a refreshed ID token names the same issuer, subject and audience.
        report = self.accept_id_token(token, None)
        report['same_subject'] = before is not None and all(before[k] == self.claims[k] for k in ('iss', 'sub', 'aud'))
        return report

    def userinfo(self, _):
        url, headers, _body = self.client.token_auth.prepare(self.metadata['userinfo_endpoint'], {'Accept': 'application/json'}, '')
        answer = self.session.request('GET', url, headers=headers)
        if answer.status_code != 200:
            return {'status': answer.status_code}
        info = UserInfo(answer.json())
        # Core 5.3.2: the userinfo response's sub must be the ID token's, or it is not used.
        return {'status': 200, 'userinfo': dict(info), 'sub_matches': info.get('sub') == self.claims['sub']}

    def revoke(self, command):
        which = command['token']
        answer = self.client.revoke_token(self.metadata['revocation_endpoint'], token=self.client.token[which], token_type_hint=which)
        return {'status': answer.status_code}

    def verify(self, command):
        """Checks the last ID token again with other expectations (a nonce, an audience, a time):
        what Authlib answers when a response is replayed, meant for another client, or expired."""
        claims = self.decode(
            command.get('id_token', self.id_token),
            nonce=command.get('nonce', self.claims.get('nonce')),
            client_id=command.get('client_id', self.client.client_id),
            issuer=command.get('issuer', self.issuer),
            access_token=None,
        )
        claims.validate(now=command.get('now'), leeway=0)
        return {'claims': dict(claims)}

    # --- the ID token, checked by Authlib ---

    def accept_id_token(self, token, nonce):
        if 'id_token' not in token:
            return {'id_token': False, 'refresh_token': 'refresh_token' in token}
        fetches = self.jwks_fetches
        claims = self.decode(token['id_token'], nonce=nonce, client_id=self.client.client_id, issuer=self.issuer,
                             access_token=token.get('access_token'))
        claims.validate(leeway=0)
        self.id_token, self.claims = token['id_token'], dict(claims)
        return {
            'id_token': True,
            'jwt': token['id_token'],
            'claims': self.claims,
            'kid': claims.header.get('kid'),
            'alg': claims.header.get('alg'),
            'jwks_fetched': self.jwks_fetches - fetches,
            'refresh_token': 'refresh_token' in token,
            'token_endpoint_requests': [sent for sent in self.session.sent if sent['url'] == self.metadata['token_endpoint']][-1:],
        }

    def decode(self, id_token, nonce, client_id, issuer, access_token):
        def load_key(header, _payload):
            # A kid this relying party has not seen is a rotation: fetch the JWKS again, once.
            try:
                return self.key_set(False).find_by_kid(header.get('kid'))
            except ValueError:
                return self.key_set(True).find_by_kid(header.get('kid'))

        algorithms = [alg for alg in self.metadata.get('id_token_signing_alg_values_supported', []) if alg in ASYMMETRIC]
        params = {'nonce': nonce, 'client_id': client_id}
        if access_token:
            params['access_token'] = access_token
        return JsonWebToken(algorithms).decode(
            id_token, key=load_key, claims_cls=CodeIDToken,
            claims_options={'iss': {'essential': True, 'values': [issuer]}, 'aud': {'essential': True, 'values': [client_id]},
                            'exp': {'essential': True}},
            claims_params=params)

    def key_set(self, fresh):
        if self.jwks is None or fresh:
            self.jwks = JsonWebKey.import_key_set(self.get_json(self.metadata['jwks_uri']))
            self.jwks_fetches += 1
        return self.jwks


def main():
    party = RelyingParty()
    print(json.dumps({'ok': True, 'ready': True}), flush=True)
    for line in sys.stdin:
        command = json.loads(line)
        try:
            answer = {'ok': True, **getattr(party, command['command'])(command)}
        except (JoseError, OAuth2Error) as refused:
            answer = {'ok': False, 'error': refused.error, 'description': refused.description}
        except ValueError as refused:  # authlib.jose: a kid in no key set, a token that is no JWS
            answer = {'ok': False, 'error': 'value_error', 'description': str(refused)}
        print(json.dumps(answer), flush=True)


if __name__ == '__main__':
    main()
