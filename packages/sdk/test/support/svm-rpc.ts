// The SDK tests' LiteSVM-backed RPC is the test harness's one adapter.
export { rpcErrorOf as rpcError, type SvmRpc, svmRpc } from '@basket/test-harness';
