import { apiApp } from '../core/crud/api-app';
import { pathsController } from '../dcim/trace.controller';
import { CircuitGroup, CircuitGroupAssignment } from './groups.models';
import { Circuit, CircuitTermination, CircuitType, Provider, ProviderAccount, ProviderNetwork } from './models';
import { VirtualCircuit, VirtualCircuitTermination, VirtualCircuitType } from './virtual-circuits.models';

/** The circuits application: providers, their accounts and networks, circuit types, circuits and their terminations; 4.x's circuit groups, virtual circuits (their types and terminations). */
export const CircuitsModule = apiApp('circuits', [Provider, ProviderAccount, ProviderNetwork, CircuitType, Circuit, CircuitTermination, CircuitGroup, CircuitGroupAssignment, VirtualCircuitType, VirtualCircuit, VirtualCircuitTermination], {
  controllers: [pathsController(CircuitTermination)],
});
