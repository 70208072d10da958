/** The pending-event set, ordered by (virtual time, insertion sequence). */
package shardsim.core.event;
