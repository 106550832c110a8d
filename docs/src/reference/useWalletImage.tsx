import { useWalletImage, useWallets } from '@portico/react'
import { Returned } from '../Returned.js'

/** The first recommended wallet's image, fetched because it is shown. */
export default function UseWalletImageExample() {
  const { recommended } = useWallets()
  const first = recommended[0]
  return first ? <WalletImage wallet={first} /> : <p>Loading the wallet list…</p>
}

function WalletImage({ wallet }: { wallet: Parameters<typeof useWalletImage>[0] }) {
  const image = useWalletImage(wallet, true)
  return (
    <div>
      {image.data ? <img src={image.data} alt="" width={32} height={32} /> : null} {wallet.name}
      <Returned value={image} />
    </div>
  )
}
