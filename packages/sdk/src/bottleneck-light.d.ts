// Types of bottleneck's light build (the package types only its main entry; the API is the same).
declare module 'bottleneck/light' {
  import Bottleneck from 'bottleneck';
  export default Bottleneck;
}
