// The keeper's entry for the local world's supervisor (`npm start` runs two replicas of it;
// see apps/world/src/supervisor/services.ts): the same CLI, `keeper run` by default.
import './cli.ts';
