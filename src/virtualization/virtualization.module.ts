import { apiApp } from '../core/crud/api-app';
import { Cluster, ClusterGroup, ClusterType, VMInterface, VirtualMachine } from './models';
import { VirtualDisk } from './virtual-disks.models';

/** The virtualization application: cluster types and groups, clusters, virtual machines, their interfaces and disks. */
export const VirtualizationModule = apiApp('virtualization', [ClusterType, ClusterGroup, Cluster, VirtualMachine, VMInterface, VirtualDisk]);
