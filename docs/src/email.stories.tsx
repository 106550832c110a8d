import { secureSiteUrl } from 'virtual:portico-devnet'
import { useAccount, useDisconnect, useEmailLogin, useEmbeddedWallet } from '@portico/react'
import { ConnectButton, Modal } from '@portico/ui-kit'
import { useState } from 'react'
import { Example, Live, Prose } from './LiveClient.js'

export default { title: 'Email login' }

/** Email login with the hooks alone: the address, then the code, then connected. */
function EmailLoginDemo() {
  const login = useEmailLogin()
  const { user } = useEmbeddedWallet()
  const { status } = useAccount()
  const { disconnect } = useDisconnect()
  const [email, setEmail] = useState('')
  const [code, setCode] = useState('')
  const [problem, setProblem] = useState<string | undefined>()
  const run = (action: () => Promise<unknown>) => {
    setProblem(undefined)
    action().catch((error: Error) => setProblem(error.message))
  }
  if (status === 'connected' && user) {
    return (
      <p>
        Signed in as <strong>{user.email}</strong>, wallet <code>{user.address}</code>{' '}
        <button type="button" onClick={() => void disconnect()}>
          Sign out
        </button>
      </p>
    )
  }
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault()
        if (login.step === 'otp') run(() => login.verifyOtp(code))
        else run(() => login.connectEmail(email))
      }}
    >
      {login.step === 'otp' ? (
        <label>
          Code sent to {login.email}{' '}
          <input value={code} onChange={(e) => setCode(e.target.value)} inputMode="numeric" />
        </label>
      ) : (
        <label>
          Email <input value={email} onChange={(e) => setEmail(e.target.value)} type="email" />
        </label>
      )}{' '}
      <button type="submit" disabled={login.isPending}>
        {login.isPending ? 'Authenticating...' : login.step === 'otp' ? 'Verify' : 'Continue'}
      </button>
      {login.step === 'device' ? (
        <p>Open the link sent to {login.email} to approve this browser; the code follows.</p>
      ) : null}
      {problem ? <p role="alert">{problem}</p> : null}
    </form>
  )
}

export const EmailLogin = () => (
  <Live>
    <Prose>
      <h1>Email login and the embedded wallet</h1>
      <p>
        Visitors without a wallet type their email, enter the 6-digit code from their mailbox, and
        get a wallet whose key lives in a hidden frame of the secure site (
        <code>apiUrls.secureSite</code>), never in the app's page. Every request that signs or moves
        value opens <strong>ApproveTransaction</strong>, where the frame's own Approve and Reject
        are shown. The frame's code loads only when the user types an address.
      </p>
      <p>
        On the devnet the mail is caught: read it in the{' '}
        <a href={`${secureSiteUrl}/inbox`} target="_blank" rel="noreferrer">
          Devnet Inbox
        </a>
        . A new browser first gets a link to approve the device, then the code.
      </p>
      <h2>With the modal</h2>
      <p>
        The Connect view has an <em>Email</em> field and <em>Continue</em>. Within 30 s of the last
        login mail, Continue says <q>Please try again after N seconds</q>.
      </p>
      <Example>
        <ConnectButton />
        <Modal />
      </Example>
      <h2>With the hooks</h2>
      <p>
        <code>useEmailLogin()</code> returns <code>step</code> (<code>email</code>,{' '}
        <code>device</code>, <code>otp</code>), <code>status</code>, <code>data</code>,{' '}
        <code>error</code>, <code>isPending</code>, <code>resendAt</code> and the actions{' '}
        <code>connectEmail(email)</code> (resolves with the next step), <code>verifyOtp(code)</code>
        , <code>resendCode()</code> and <code>reset()</code>. <code>useEmbeddedWallet()</code> gives
        the signed-in <code>user</code> and the frame's state; <code>useUpdateEmail()</code> changes
        the address with a code to the current address, then one to the new one.
      </p>
      <Example>
        <EmailLoginDemo />
      </Example>
    </Prose>
  </Live>
)
