export { TEST_NETWORKS as testNetworks } from './client.js'
